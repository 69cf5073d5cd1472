import { serve } from "@/lib/dashboard/api/endpoint";
import { deleteForwardingEndpoint, getForwardingEndpoint, updateForwardingEndpoint } from "@/lib/dashboard/api/endpoints/forwarding";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getForwardingEndpoint, updateForwardingEndpoint, deleteForwardingEndpoint);
