import { serve } from "@/lib/sandbox/endpoint";
import { lnurlChannelEndpoint } from "@/lib/sandbox/lnurl/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(lnurlChannelEndpoint);
