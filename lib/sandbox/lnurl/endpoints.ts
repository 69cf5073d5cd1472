import "server-only";
import { z } from "zod";
import { lnurlChannelRequestSchema, lnurlStatusSchema, lnurlWithdrawRequestSchema } from "@/lib/service-api/operator-contract";
import { ApiError } from "@/lib/errors";
import { endpoint } from "../endpoint";
import { channelCallback, describeLnurl, withdrawCallback } from "./lnurl-service";

// The LNURL endpoints behind payout offers, which wallets call without credentials. Their callbacks
// read their query themselves: a refusal is an LNURL error body (lnurl-route.ts), not a 400.

const tag = "lnurl";

/** What every LNURL endpoint answers while the sandbox is off. */
export const lnurlResponses = {
  "404": {
    description: "The sandbox is switched off",
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/LnurlStatus" },
        examples: { switched_off: { summary: "The sandbox is switched off", value: { status: "ERROR", reason: "Not found" } } },
      },
    },
  },
};

// LUD-03 withdrawRequest behind payout_options.invoice.lnurl
export const lnurlWithdrawEndpoint = endpoint({
  method: "GET",
  path: "/lnurl/withdraw/{k1}",
  access: "lnurl",
  doc: {
    operationId: "lnurlWithdraw",
    summary: "LNURL-withdraw request (LUD-03)",
    description: "What `payout_options.invoice.lnurl` decodes to: min = max = the amount minus the fee, in millisatoshis.",
    tag,
    pathParams: { k1: "The offer's secret" },
    success: {
      status: 200,
      description: "The withdraw request, or `{status: ERROR, reason}`",
      schema: z.union([lnurlWithdrawRequestSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  handler: ({ db, params }) => describeLnurl(db, "withdraw", params.k1 ?? ""),
});

// LUD-03 callback: ?k1=…&pr=<invoice>
export const lnurlWithdrawCallbackEndpoint = endpoint({
  method: "GET",
  path: "/lnurl/withdraw/{k1}/callback",
  access: "lnurl",
  doc: {
    operationId: "lnurlWithdrawCallback",
    summary: "LNURL-withdraw callback",
    description: "The wallet's invoice, checked exactly as PATCH /v1/exchanges/{id} checks it; single use.",
    tag,
    pathParams: { k1: "The offer's secret" },
    query: z.object({ k1: z.string(), pr: z.string().meta({ description: "The BOLT 11 invoice" }) }),
    success: { status: 200, description: "`{status: OK}` or `{status: ERROR, reason}`", schema: "LnurlStatus" },
    errors: [],
    responses: lnurlResponses,
  },
  handler: ({ db, params, url }) => {
    const k1 = params.k1 ?? "";
    const invoice = url.searchParams.get("pr");
    if (url.searchParams.get("k1") !== k1) throw new ApiError("invalid_request", "k1 does not match");
    if (!invoice) throw new ApiError("invalid_request", "pr (the invoice) is missing");
    return withdrawCallback(db, k1, invoice);
  },
});

// LUD-02 channelRequest behind payout_options.channel.lnurl
export const lnurlChannelEndpoint = endpoint({
  method: "GET",
  path: "/lnurl/channel/{k1}",
  access: "lnurl",
  doc: {
    operationId: "lnurlChannel",
    summary: "LNURL-channel request (LUD-02)",
    description: "What `payout_options.channel.lnurl` decodes to: the sandbox node's URI to connect to.",
    tag,
    pathParams: { k1: "The offer's secret" },
    success: {
      status: 200,
      description: "The channel request, or `{status: ERROR, reason}`",
      schema: z.union([lnurlChannelRequestSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  handler: ({ db, params }) => describeLnurl(db, "channel", params.k1 ?? ""),
});

// LUD-02 callback: ?k1=…&remoteid=<node pubkey>&private=0|1 (or &cancel=1)
export const lnurlChannelCallbackEndpoint = endpoint({
  method: "GET",
  path: "/lnurl/channel/{k1}/callback",
  access: "lnurl",
  doc: {
    operationId: "lnurlChannelCallback",
    summary: "LNURL-channel callback",
    description: "The wallet's node has connected: the channel opens to it and pushes the payout.",
    tag,
    pathParams: { k1: "The offer's secret" },
    query: z.object({
      k1: z.string(),
      remoteid: z.string().meta({ description: "The wallet node's pubkey" }),
      private: z.enum(["0", "1"]).optional(),
    }),
    success: { status: 200, description: "`{status: OK}` or `{status: ERROR, reason}`", schema: "LnurlStatus" },
    errors: [],
    responses: lnurlResponses,
  },
  handler: async ({ db, params, url }) => {
    const k1 = params.k1 ?? "";
    const query = url.searchParams;
    if (query.get("k1") !== k1) throw new ApiError("invalid_request", "k1 does not match");
    if (query.get("cancel") === "1") return { status: "OK" };
    const remoteId = query.get("remoteid");
    if (!remoteId) throw new ApiError("invalid_request", "remoteid (your node's pubkey) is missing");
    return channelCallback(db, k1, remoteId, query.get("private") === "1");
  },
});
