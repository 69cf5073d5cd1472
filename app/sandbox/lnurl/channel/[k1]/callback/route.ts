import { ApiError } from "@/lib/errors";
import { channelCallback } from "@/lib/sandbox/lnurl/lnurl-service";
import { lnurlOptions, lnurlRoute } from "@/lib/sandbox/lnurl/lnurl-route";
import { otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// LUD-02 callback: ?k1=…&remoteid=<node pubkey>&private=0|1 (or &cancel=1)
export const GET = lnurlRoute(async (db, params, url) => {
  const k1 = params.k1 ?? "";
  const query = url.searchParams;
  if (query.get("k1") !== k1) throw new ApiError("invalid_request", "k1 does not match");
  if (query.get("cancel") === "1") return { status: "OK" };
  const remoteId = query.get("remoteid");
  if (!remoteId) throw new ApiError("invalid_request", "remoteid (your node's pubkey) is missing");
  return channelCallback(db, k1, remoteId, query.get("private") === "1");
});
export const OPTIONS = lnurlOptions;

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
