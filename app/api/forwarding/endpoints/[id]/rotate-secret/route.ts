import { serve } from "@/lib/dashboard/api/endpoint";
import { rotateForwardingSecret } from "@/lib/dashboard/api/endpoints/forwarding";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(rotateForwardingSecret);
