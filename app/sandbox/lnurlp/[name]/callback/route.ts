import { payRequestCallback } from "@/lib/sandbox/lightning-addresses/lightning-addresses";
import { lnurlOptions, lnurlRoute } from "@/lib/sandbox/lnurl/lnurl-route";
import { otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// LUD-06 callback of a test Lightning Address: ?amount=<msat> → {pr, routes}
export const GET = lnurlRoute((db, params, url) => payRequestCallback(db, params.name ?? "", url.searchParams.get("amount")));
export const OPTIONS = lnurlOptions;

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
