import { serve } from "@/lib/sandbox/endpoint";
import { lnurlPayEndpoint } from "@/lib/sandbox/lightning-addresses/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(lnurlPayEndpoint);
