import { payRequest } from "@/lib/sandbox/lightning-addresses/lightning-addresses";
import { lnurlOptions, lnurlRoute } from "@/lib/sandbox/lnurl/lnurl-route";
import { otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// LUD-16: name@<the sandbox's host> resolves to /.well-known/lnurlp/{name} at the host's root,
// which next.config.ts rewrites here. The sandbox's test Lightning Addresses answer a LUD-06
// payRequest (404 when the sandbox is off or the name is unknown).
export const GET = lnurlRoute((db, params) => payRequest(db, params.name ?? ""));
export const OPTIONS = lnurlOptions;

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
