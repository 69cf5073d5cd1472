import { ApiError } from "@/lib/errors";
import { withdrawCallback } from "@/lib/sandbox/lnurl/lnurl-service";
import { lnurlOptions, lnurlRoute } from "@/lib/sandbox/lnurl/lnurl-route";
import { otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// LUD-03 callback: ?k1=…&pr=<invoice>
export const GET = lnurlRoute((db, params, url) => {
  const k1 = params.k1 ?? "";
  const invoice = url.searchParams.get("pr");
  if (url.searchParams.get("k1") !== k1) throw new ApiError("invalid_request", "k1 does not match");
  if (!invoice) throw new ApiError("invalid_request", "pr (the invoice) is missing");
  return withdrawCallback(db, k1, invoice);
});
export const OPTIONS = lnurlOptions;

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
