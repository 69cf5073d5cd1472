import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { tenantById, upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import { ApiError, type ErrorCode } from "@/lib/errors";
import { serviceTime } from "@/lib/service-api/client";
import { lightningPayoutMethodSchema } from "@/lib/service-api/schemas";
import { checkInvoice } from "@/lib/lightning/check-invoice";
import type { NetworkName } from "@/lib/bitcoin/networks";
import {
  lnurlErrorSchema,
  lnurlPayInvoiceSchema,
  lnurlPayRequestSchema,
  parseLightningAddress,
  payCallbackUrl,
  type LightningAddress,
} from "@/lib/lightning/lightning-address";
import type { PublicView } from "@/lib/dashboard/contract/dashboard-api";
import { getLnurlJson, unreachable } from "./fetch-lnurl";
import { linkOfToken } from "./payout-links";
import { publicPayoutView } from "./public-view";
import { auditedLinkAction, submitLinkInvoice } from "./submit-invoice";

// The end user types a Lightning Address (LUD-16) instead of pasting an invoice. The server
// resolves it to a LUD-06 payRequest, asks its callback for an invoice of the exact payout amount,
// checks that invoice as the service would (amount, network, payee = the order's node, expiry)
// and the LUD-06 description hash, then submits it like a pasted one.

const detail = (message: string) => [{ path: "address", message }];

/** The service's own host may serve addresses over plain HTTP (the sandbox); every other is HTTPS. */
function lnurlpUrl(address: LightningAddress, tenant: Tenant): { url: URL; trustedOrigin: string | null } {
  const service = new URL(tenant.baseUrl);
  if (address.domain === service.host) {
    return { url: new URL(`/.well-known/lnurlp/${address.name}`, service.origin), trustedOrigin: service.origin };
  }
  if (address.domain.includes(":")) {
    throw new ApiError(
      "lightning_address_invalid",
      "A Lightning Address names a domain without a port",
      detail("name@domain, without a port"),
    );
  }
  return { url: new URL(`https://${address.domain}/.well-known/lnurlp/${address.name}`), trustedOrigin: null };
}

/** What the address's wallet gives for the amount: an invoice, still to be checked. */
async function invoiceFromAddress(address: LightningAddress, tenant: Tenant, msat: bigint) {
  const { url, trustedOrigin } = lnurlpUrl(address, tenant);
  const shown = `${address.name}@${address.domain}`;
  const first = await getLnurlJson(url, trustedOrigin).catch((error: unknown) => {
    throw unreachable(error);
  });
  const refusal = lnurlErrorSchema.safeParse(first.body);
  if (first.status === 404 || (first.status === 200 && refusal.success)) {
    const reason = refusal.success ? refusal.data.reason : `${address.domain} knows no ${address.name}`;
    throw new ApiError("lightning_address_not_found", `${shown} does not exist: ${reason}`, detail(reason));
  }
  const request = lnurlPayRequestSchema.safeParse(first.body);
  if (first.status !== 200 || !request.success) {
    const message = first.status !== 200 ? `HTTP ${first.status}` : "not a LUD-06 payRequest";
    throw new ApiError("lightning_address_unreachable", `${address.domain} did not answer with a payRequest (${message})`, detail(message));
  }
  const pay = request.data;
  if (msat < BigInt(pay.minSendable) || msat > BigInt(pay.maxSendable)) {
    const range = `${Math.ceil(pay.minSendable / 1000)}–${Math.floor(pay.maxSendable / 1000)} sat`;
    throw new ApiError("lightning_address_amount", `${shown} accepts ${range}, not ${msat / 1000n} sat`, detail(range));
  }
  const second = await getLnurlJson(new URL(payCallbackUrl(pay.callback, msat)), trustedOrigin).catch((error: unknown) => {
    throw unreachable(error);
  });
  const declined = lnurlErrorSchema.safeParse(second.body);
  if (declined.success) {
    throw new ApiError("lightning_address_refused", `${shown} refused: ${declined.data.reason}`, detail(declined.data.reason));
  }
  const answer = lnurlPayInvoiceSchema.safeParse(second.body);
  if (second.status !== 200 || !answer.success) {
    throw new ApiError(
      "lightning_address_unreachable",
      `${address.domain} did not answer with an invoice`,
      detail("no invoice (pr) in the answer"),
    );
  }
  return { invoice: answer.data.pr, metadata: pay.metadata };
}

/** The checks the service makes of a pasted invoice, plus LUD-06's description hash. */
/** The service's error code for each problem the invoice checker (lib/lightning/check-invoice.ts) names. */
const codeOfProblem: Record<string, ErrorCode> = {
  invalid: "invalid_invoice",
  network: "invoice_network",
  noAmount: "invoice_amount",
  wrongAmount: "invoice_amount",
  wrongUnit: "invoice_amount",
  beforeFee: "invoice_amount",
  expired: "invoice_expired",
  otherNode: "unexpected_node_pubkey",
};

/** The checks made of a pasted invoice (amount, network, node, expiry), plus LUD-06's description hash. */
function checkAddressInvoice(
  text: string,
  expected: { network: NetworkName; sats: number; nodePubkey: string; metadata: string; now: Date },
) {
  const check = checkInvoice(text, {
    network: expected.network,
    sats: expected.sats,
    nodePubkey: expected.nodePubkey,
    now: expected.now.getTime(),
  });
  const problem = check.ok ? check.problems[0] : check.problem;
  if (problem) {
    const message = `The address's invoice fails the ${problem.key} check ${JSON.stringify(problem.values)}`;
    throw new ApiError(codeOfProblem[problem.key] ?? "invalid_invoice", message, detail(message));
  }
  const metadataHash = createHash("sha256").update(expected.metadata, "utf8").digest("hex");
  if (check.ok && check.descriptionHash !== metadataHash) {
    const message = "The address's invoice does not commit to its payRequest's metadata (LUD-06 description hash)";
    throw new ApiError("invalid_invoice", message, detail(message));
  }
}

/** POST /api/pay/{token}/lightning-address: resolve, check, submit; the page's view after it. */
export async function payToLightningAddress(db: Db, token: string, addressText: string): Promise<PublicView> {
  const link = await linkOfToken(db, token);
  const tenant = await tenantById(db, link.tenantId);
  if (!tenant) throw new ApiError("not_found", "This payout link does not exist or has expired");
  return auditedLinkAction(db, tenant, link, "payout_links.lightning_address", async () => {
    const address = parseLightningAddress(addressText);
    if (!address) {
      throw new ApiError("lightning_address_invalid", "A Lightning Address looks like name@wallet.example", detail("name@domain"));
    }
    const upstream = upstreamFor(tenant);
    const exchange = await upstream.getExchange(link.exchangeId);
    const view = publicPayoutView(exchange, link.expiresAt, tenant.network);
    const offer = view.offers?.invoice;
    if (view.status !== "awaiting_payout" || !offer || view.amount_sats === null) {
      throw new ApiError("payout_not_available", "This payout no longer awaits an invoice");
    }
    const order = await upstream.getOrder(exchange.order_id);
    const method = lightningPayoutMethodSchema.safeParse(order.payout_method);
    if (!method.success) throw new ApiError("payout_not_available", "The order pays out on-chain");
    const msat = BigInt(view.amount_sats - offer.fee_sats) * 1000n;
    const { invoice, metadata } = await invoiceFromAddress(address, tenant, msat);
    checkAddressInvoice(invoice, {
      network: tenant.network,
      sats: view.amount_sats - offer.fee_sats,
      nodePubkey: method.data.node_pubkey,
      metadata,
      now: serviceTime(tenant.baseUrl),
    });
    return submitLinkInvoice(db, tenant, link, invoice);
  });
}
