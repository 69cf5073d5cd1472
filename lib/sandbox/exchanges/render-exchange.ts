import { env } from "@/lib/env";
import { encodeLnurl } from "@/lib/lightning/lnurl";
import { minorToDecimal, satsToBtc } from "../money";
import {
  actionOf,
  offersOf,
  payoutOf,
  type ChannelPayout,
  type CoinPayout,
  type ExchangeRow,
  type InvoicePayout,
  type Offers,
  type Payout,
} from "./types";

// One exchange, two representations: REST (GET/PATCH) and webhook payload.

export function lnurlFor(kind: "withdraw" | "channel", k1: string): string {
  return encodeLnurl(`${env().sandboxPublicUrl}/lnurl/${kind}/${k1}`);
}

function renderPayoutOptions({ invoice, channel }: Offers) {
  return {
    invoice: { lnurl: lnurlFor("withdraw", invoice.k1), fee: invoice.fee_sats, expires_on: invoice.expires_on },
    // no channel offered to a node that has one from us already
    ...(channel ? { channel: { lnurl: lnurlFor("channel", channel.k1), fee: channel.fee_sats, expires_on: channel.expires_on } } : {}),
  };
}

function renderAction(row: ExchangeRow) {
  const action = actionOf(row);
  if (!action) return null;
  if (action.code === "initiate_payout") {
    const offers = offersOf(row);
    return offers ? { code: "initiate_payout", payout_options: renderPayoutOptions(offers) } : null;
  }
  return action;
}

const failure = (p: { failure_code?: string }) => (p.failure_code ? { failure_code: p.failure_code } : {});
const money = (p: Payout) => ({ fee: satsToBtc(p.fee_sats), amount: satsToBtc(p.amount_sats) });

const coinFields = (p: CoinPayout) => ({
  txid: p.txid,
  outpoint: p.outpoint,
  bitcoin_address: p.bitcoin_address,
  derivation_path: p.derivation_path,
  block_height: p.block_height,
});

const invoiceFields = (p: InvoicePayout) => ({
  type: "invoice",
  status: p.status,
  invoice: p.invoice,
  preimage: p.preimage,
  ...money(p),
  ...failure(p),
});

const channelFields = (p: ChannelPayout) => ({ txid: p.txid, outpoint: p.outpoint, channel_id: p.channel_id });

/** The REST representation (GET/PATCH exchange): coin payouts carry `confirmed` and no type. */
export function renderRestPayout(payout: Payout) {
  switch (payout.type) {
    case "coin":
      return { ...coinFields(payout), confirmed: payout.confirmations > 0, ...money(payout) };
    case "invoice":
      return invoiceFields(payout);
    case "channel": {
      const nodeAddress = `${payout.node_pubkey}@${payout.host}:${payout.port}`;
      return {
        type: "channel",
        status: payout.status,
        node_address: nodeAddress,
        private: payout.private,
        ...channelFields(payout),
        ...money(payout),
        ...failure(payout),
      };
    }
  }
}

/** The webhook representation: coin payouts carry `type` and `confirmations`, channels their `host`. */
export function renderWebhookPayout(payout: Payout) {
  switch (payout.type) {
    case "coin":
      return { type: "coin", ...coinFields(payout), confirmations: payout.confirmations, ...money(payout) };
    case "invoice":
      return invoiceFields(payout);
    case "channel":
      return {
        type: "channel",
        status: payout.status,
        host: `${payout.host}:${payout.port}`,
        ...channelFields(payout),
        ...money(payout),
        ...failure(payout),
      };
  }
}

function commonFields(row: ExchangeRow) {
  return {
    fee_rate: Number(row.feeRate),
    pair: row.pair,
    type: row.type,
    cost: minorToDecimal(row.costMinor),
    executed_on: row.executedOn?.toISOString() ?? null,
    amount: row.amountSats === null ? null : satsToBtc(row.amountSats),
    rate: row.rateMinor === null ? null : minorToDecimal(row.rateMinor),
    fee: row.feeMinor === null ? null : minorToDecimal(row.feeMinor),
    action: renderAction(row),
    reason: row.reason as { code: string } | null,
  };
}

export function renderExchange(row: ExchangeRow) {
  const payout = payoutOf(row);
  return { id: row.id, order_id: row.orderId, ...commonFields(row), payout: payout ? renderRestPayout(payout) : null };
}

export function renderEventPayload(row: ExchangeRow) {
  const payout = payoutOf(row);
  return {
    exchange_id: row.id,
    order_id: row.orderId,
    ...commonFields(row),
    payout: payout ? renderWebhookPayout(payout) : null,
  };
}
