import type { sandboxExchanges, sandboxOrders } from "@/lib/db/schema";

export type ExchangeRow = typeof sandboxExchanges.$inferSelect;
export type OrderRow = typeof sandboxOrders.$inferSelect;

// Internal records (jsonb). Amounts in satoshis; rendered per representation on the way out.

export type CoinPayout = {
  type: "coin";
  txid: string;
  outpoint: number;
  bitcoin_address: string;
  derivation_path: string | null;
  block_height: number | null;
  confirmations: number;
  fee_sats: number;
  amount_sats: number;
};

export type InvoicePayout = {
  type: "invoice";
  status: "pending" | "completed" | "failed";
  invoice: string;
  payment_hash: string;
  preimage: string | null;
  fee_sats: number;
  amount_sats: number;
  failure_code?: string;
};

export type ChannelPayout = {
  type: "channel";
  status: "pending" | "funding" | "completed" | "failed";
  node_pubkey: string;
  host: string;
  port: number;
  private: boolean;
  txid: string | null;
  outpoint: number | null;
  channel_id: string | null;
  fee_sats: number;
  amount_sats: number;
  failure_code?: string;
};

export type Payout = CoinPayout | InvoicePayout | ChannelPayout;

export type Offer = { fee_sats: number; expires_on: string; k1: string };
/** `channel` is null for a node that has a channel from the service already (channel-offer.ts). */
export type Offers = { invoice: Offer; channel: Offer | null };

export type StoredAction = { code: "identification_required"; identification_id: string } | { code: "initiate_payout" };

export type ExchangeState = "executed" | "interrupted" | "refunded" | "settled";

export const payoutOf = (row: ExchangeRow) => row.payout as Payout | null;
export const offersOf = (row: ExchangeRow) => row.offers as Offers | null;
export const actionOf = (row: ExchangeRow) => row.action as StoredAction | null;
