import { serve } from "@/lib/sandbox/endpoint";
import { lnurlChannelCallbackEndpoint } from "@/lib/sandbox/lnurl/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(lnurlChannelCallbackEndpoint);
