import "server-only";
import { z } from "zod";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { decodeLnurl } from "@/lib/lightning/lnurl";
import { mintInvoice } from "@/lib/lightning/mint-invoice";
import { parseJsonAs } from "@/lib/http/parse-json";
import { outbound } from "@/lib/http/outbound";
import { initiatePayoutActionSchema, type Exchange } from "@/lib/service-api/schemas";
import { StepFailed } from "./step-failed";

// The end user's wallet in a scenario: it opens the exchange's LNURL-withdraw (LUD-03) as a
// wallet scanning the payout page's QR code would, and sends an invoice of the order's node for
// the exact amount offered to the callback. The URL is the sandbox's own, from its answer.

const withdrawRequestSchema = z.looseObject({
  tag: z.literal("withdrawRequest"),
  callback: z.string(),
  k1: z.string(),
  maxWithdrawable: z.int(),
});
const lnurlAnswerSchema = z.looseObject({ status: z.string(), reason: z.optional(z.string()) });

/** The sandbox's own LNURL (a scenario runs only against this app's sandbox, which may be on a private address). */
async function getJson(url: string): Promise<string> {
  const answer = await outbound({
    url: new URL(url),
    method: "GET",
    headers: {},
    timeoutMs: 10_000,
    maxBytes: 64 * 1024,
    allowPrivate: true,
  });
  return answer.body.toString("utf8");
}

/** The invoice sent and its preimage, which pays it. */
export async function withdrawByLnurl(options: { exchange: Exchange; nodePrivateKey: Uint8Array; now: Date; network: NetworkName }) {
  const action = z.safeParse(initiatePayoutActionSchema, options.exchange.action);
  const lnurl = action.success ? action.data.payout_options.invoice?.lnurl : undefined;
  if (!lnurl) {
    throw new StepFailed({ code: "no_lnurl_withdraw" }, "The exchange offers no LNURL-withdraw: it awaits no Lightning payout");
  }
  const request = parseJsonAs(withdrawRequestSchema, await getJson(decodeLnurl(lnurl)));
  if (!request) throw new StepFailed({ code: "lnurl_no_request" }, "The LNURL did not answer with a withdrawRequest");
  const minted = mintInvoice({
    privateKey: options.nodePrivateKey,
    msat: BigInt(request.maxWithdrawable),
    now: options.now,
    network: options.network,
    description: "scenario payout",
  });
  const callback = new URL(request.callback);
  callback.searchParams.set("k1", request.k1);
  callback.searchParams.set("pr", minted.invoice);
  const answer = parseJsonAs(lnurlAnswerSchema, await getJson(callback.toString()));
  if (answer?.status !== "OK") {
    const reason = answer?.reason ?? "no answer";
    throw new StepFailed({ code: "lnurl_refused", reason }, `The LNURL callback refused the invoice: ${reason}`);
  }
  return { invoice: minted.invoice, paymentHash: minted.paymentHash, preimage: minted.preimage, msat: request.maxWithdrawable };
}
