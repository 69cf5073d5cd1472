import { serve } from "@/lib/sandbox/endpoint";
import { lnurlPayCallbackEndpoint } from "@/lib/sandbox/lightning-addresses/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(lnurlPayCallbackEndpoint);
