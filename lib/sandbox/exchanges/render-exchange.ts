import { env } from "@/lib/env";
import { encodeLnurl } from "@/lib/lightning/lnurl";
import { minorToDecimal, satsToBtc } from "../money";
import { actionOf, offersOf, payoutOf, type ExchangeRow, type Offers, type Payout } from "./types";

// One exchange, two representations: REST (GET/PATCH) and webhook payload.

export function lnurlFor(kind: "withdraw" | "channel", k1: string): string {
  return encodeLnurl(`${env().sandboxPublicUrl}/lnurl/${kind}/${k1}`);
}

function renderPayoutOptions(offers: Offers) {
  return {
    invoice: { lnurl: lnurlFor("withdraw", offers.invoice.k1), fee: offers.invoice.fee_sats, expires_on: offers.invoice.expires_on },
    channel: { lnurl: lnurlFor("channel", offers.channel.k1), fee: offers.channel.fee_sats, expires_on: offers.channel.expires_on },
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

export function renderRestPayout(payout: Payout) {
  const money = { fee: satsToBtc(payout.fee_sats), amount: satsToBtc(payout.amount_sats) };
  switch (payout.type) {
    case "coin":
      return {
        txid: payout.txid,
        outpoint: payout.outpoint,
        bitcoin_address: payout.bitcoin_address,
        derivation_path: payout.derivation_path,
        block_height: payout.block_height,
        confirmed: payout.confirmations > 0,
        ...money,
      };
    case "invoice":
      return { type: "invoice", status: payout.status, invoice: payout.invoice, preimage: payout.preimage, ...money, ...failure(payout) };
    case "channel":
      return {
        type: "channel",
        status: payout.status,
        node_address: `${payout.node_pubkey}@${payout.host}:${payout.port}`,
        private: payout.private,
        txid: payout.txid,
        outpoint: payout.outpoint,
        channel_id: payout.channel_id,
        ...money,
        ...failure(payout),
      };
  }
}

export function renderWebhookPayout(payout: Payout) {
  const money = { fee: satsToBtc(payout.fee_sats), amount: satsToBtc(payout.amount_sats) };
  switch (payout.type) {
    case "coin":
      return {
        type: "coin",
        txid: payout.txid,
        outpoint: payout.outpoint,
        bitcoin_address: payout.bitcoin_address,
        derivation_path: payout.derivation_path,
        block_height: payout.block_height,
        confirmations: payout.confirmations,
        ...money,
      };
    case "invoice":
      return { type: "invoice", status: payout.status, invoice: payout.invoice, preimage: payout.preimage, ...money, ...failure(payout) };
    case "channel":
      return {
        type: "channel",
        status: payout.status,
        host: `${payout.host}:${payout.port}`,
        txid: payout.txid,
        outpoint: payout.outpoint,
        channel_id: payout.channel_id,
        ...money,
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
