import { describeLnurl } from "@/lib/sandbox/lnurl/lnurl-service";
import { lnurlOptions, lnurlRoute } from "@/lib/sandbox/lnurl/lnurl-route";
import { otherMethods } from "@/lib/sandbox/http";

export const dynamic = "force-dynamic";

// LUD-02 channelRequest behind payout_options.channel.lnurl
export const GET = lnurlRoute((db, params) => describeLnurl(db, "channel", params.k1 ?? ""));
export const OPTIONS = lnurlOptions;

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
