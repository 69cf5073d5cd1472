import { serve } from "@/lib/sandbox/endpoint";
import { replaceWebhookEndpointsEndpoint } from "@/lib/sandbox/operator/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(replaceWebhookEndpointsEndpoint);
