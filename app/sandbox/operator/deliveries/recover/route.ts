import { serve } from "@/lib/sandbox/endpoint";
import { recoverDeliveriesEndpoint } from "@/lib/sandbox/operator/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(recoverDeliveriesEndpoint);
