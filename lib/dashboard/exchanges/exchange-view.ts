import { exchangeState, type ExchangeState } from "@/lib/service-api/exchange-state";
import {
  exchangeEventPayloadSchema,
  failedPayoutSchema,
  identificationActionSchema,
  initiatePayoutActionSchema,
  invoicePayoutSchema,
  restChannelPayoutSchema,
  restCoinPayoutSchema,
  webhookChannelPayoutSchema,
  webhookCoinPayoutSchema,
  type Action,
  type Exchange,
} from "@/lib/service-api/schemas";

// One view of an exchange for the pages (docs/architecture.md#contracts). The wire has several
// forms of the same thing:
// - a coin payout without `type` and with `confirmed` (REST), or with `type` and `confirmations`
//   (webhook);
// - a channel payout with `node_address` (REST) or with `host` (webhook);
// - actions the service may add (e.g. `identify` with a url).
// toExchangeView folds them into one tagged union, so components switch on `kind` and never cast.

export type OfferView = { lnurl: string; fee_sats: number; expires_on: string };

export type ActionView =
  | { kind: "identification"; identification_id: string | null; url: string | null }
  | { kind: "initiate_payout"; invoice: OfferView | null; channel: OfferView | null }
  | { kind: "other"; code: string; url: string | null };

export type PayoutView =
  | {
      kind: "coin";
      txid: string;
      outpoint: number;
      bitcoin_address: string;
      derivation_path: string | null;
      block_height: number | null;
      /** Known from webhooks only; REST says `confirmed`. */
      confirmations: number | null;
      confirmed: boolean;
      fee: number;
      amount: number;
    }
  | { kind: "invoice"; status: string; invoice: string; preimage: string | null; fee: number; amount: number }
  | {
      kind: "channel";
      status: string;
      /** pubkey@host:port (REST) or the host alone (webhook). */
      node: string | null;
      private: boolean | null;
      txid: string | null;
      outpoint: number | null;
      channel_id: string | null;
      fee: number;
      amount: number;
    }
  | { kind: "failed"; type: string; failure_code: string };

export type ExchangeView = {
  id: string;
  order_id: string;
  state: ExchangeState;
  type: Exchange["type"];
  pair: Exchange["pair"];
  /** The pair's quote currency: eur, chf or gbp. */
  currency: string;
  fee_rate: number;
  cost: number;
  executed_on: string | null;
  amount: number | null;
  rate: number | null;
  fee: number | null;
  action: ActionView | null;
  reason: string | null;
  payout: PayoutView | null;
  /** A Lightning payout is offered or under way: it can move without a webhook (LNURL). */
  lightning_open: boolean;
};

function actionView(action: Action | null): ActionView | null {
  if (!action) return null;
  const payout = initiatePayoutActionSchema.safeParse(action);
  if (payout.success) {
    const offer = (o: { lnurl: string; fee: number; expires_on: string } | undefined): OfferView | null =>
      o ? { lnurl: o.lnurl, fee_sats: o.fee, expires_on: o.expires_on } : null;
    return {
      kind: "initiate_payout",
      invoice: offer(payout.data.payout_options.invoice),
      channel: offer(payout.data.payout_options.channel),
    };
  }
  const url = "url" in action && typeof action.url === "string" ? action.url : null;
  const identification = identificationActionSchema.safeParse(action);
  if (identification.success) return { kind: "identification", identification_id: identification.data.identification_id, url };
  if (action.code === "identify") return { kind: "identification", identification_id: null, url };
  return { kind: "other", code: action.code, url };
}

/** Any payout object of the wire (REST or webhook form) as one view; null for a shape none of them has. */
export function payoutView(payout: unknown): PayoutView | null {
  if (payout === null || payout === undefined) return null;
  const failed = failedPayoutSchema.safeParse(payout);
  if (failed.success) return { kind: "failed", type: failed.data.type, failure_code: failed.data.failure_code };
  const restCoin = restCoinPayoutSchema.safeParse(payout);
  const webhookCoin = webhookCoinPayoutSchema.safeParse(payout);
  if (restCoin.success || webhookCoin.success) {
    const coin = restCoin.data ?? webhookCoin.data;
    if (!coin) return null;
    const confirmations = webhookCoin.data?.confirmations ?? null;
    return {
      kind: "coin",
      txid: coin.txid,
      outpoint: coin.outpoint,
      bitcoin_address: coin.bitcoin_address,
      derivation_path: coin.derivation_path,
      block_height: coin.block_height,
      confirmations,
      confirmed: restCoin.data?.confirmed ?? (confirmations ?? 0) > 0,
      fee: coin.fee,
      amount: coin.amount,
    };
  }
  const invoice = invoicePayoutSchema.safeParse(payout);
  if (invoice.success) {
    const { status, preimage, fee, amount } = invoice.data;
    return { kind: "invoice", status, invoice: invoice.data.invoice, preimage, fee, amount };
  }
  const restChannel = restChannelPayoutSchema.safeParse(payout);
  const webhookChannel = webhookChannelPayoutSchema.safeParse(payout);
  const channel = restChannel.data ?? webhookChannel.data;
  if (channel) {
    return {
      kind: "channel",
      status: channel.status,
      node: restChannel.data?.node_address ?? webhookChannel.data?.host ?? null,
      private: restChannel.data?.private ?? null,
      txid: channel.txid,
      outpoint: channel.outpoint,
      channel_id: channel.channel_id,
      fee: channel.fee,
      amount: channel.amount,
    };
  }
  return null;
}

/** The one shape the pages render an exchange in. */
export function toExchangeView(exchange: Exchange): ExchangeView {
  const payout = payoutView(exchange.payout);
  const action = actionView(exchange.action);
  return {
    id: exchange.id,
    order_id: exchange.order_id,
    state: exchangeState(exchange),
    type: exchange.type,
    pair: exchange.pair,
    currency: exchange.pair.split("/")[1] ?? "",
    fee_rate: exchange.fee_rate,
    cost: exchange.cost,
    executed_on: exchange.executed_on,
    amount: exchange.amount,
    rate: exchange.rate,
    fee: exchange.fee,
    action,
    reason: exchange.reason?.code ?? null,
    payout,
    lightning_open:
      action?.kind === "initiate_payout" ||
      ((payout?.kind === "invoice" || payout?.kind === "channel") && (payout.status === "pending" || payout.status === "funding")),
  };
}

/** The payout a stored webhook body carries, when it is an exchange event. */
export function payoutOfEventBody(body: unknown): PayoutView | null {
  if (typeof body !== "object" || body === null || !("payload" in body)) return null;
  const payload = exchangeEventPayloadSchema.safeParse(body.payload);
  return payload.success ? payoutView(payload.data.payout) : null;
}
