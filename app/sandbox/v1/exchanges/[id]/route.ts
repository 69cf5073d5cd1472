import { serve } from "@/lib/sandbox/endpoint";
import { getExchangeEndpoint, requestPayoutEndpoint } from "@/lib/sandbox/exchanges/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = serve(getExchangeEndpoint, requestPayoutEndpoint);
