import type { ErrorCode } from "@/lib/errors";

// The service's error codes per operation, shared by the sandbox's document (which answers them)
// and the dashboard's (which passes them through).

/** POST /v1/orders: why an order is refused (docs/exchange-api.md#orders). */
export const orderCreateErrors = [
  "invalid_signature",
  "challenge_not_found",
  "challenge_expired",
  "challenge_used",
  "fee_rate_out_of_range",
  "invalid_iban",
  "unsupported_currency",
  "invalid_address",
  "address_network",
  "invalid_extended_public_key",
  "derivation_mismatch",
  "invalid_node_pubkey",
  "affiliate_not_found",
] as const satisfies ErrorCode[];

/** PATCH /v1/exchanges/{id}: why a payout is refused (docs/exchange-api.md#lightning-payouts). */
export const payoutErrors = [
  "in_progress",
  "already_completed",
  "unexpected_node_pubkey",
  "invoice_amount",
  "invoice_network",
  "invoice_expired",
  "invalid_invoice",
  "channel_payout_not_allowed",
  "node_address_required",
  "connect",
  "offer_expired",
  "payout_not_available",
] as const satisfies ErrorCode[];
