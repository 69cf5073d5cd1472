import { randomUUID } from "node:crypto";

/** The raw body of a webhook event for an exchange nobody knows yet (refunded shape by default). */
export function eventBody(event = "exchange.refunded", extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event,
    payload: {
      exchange_id: randomUUID(),
      order_id: randomUUID(),
      fee_rate: 0.02,
      pair: "btc/eur",
      type: "buy",
      cost: 10,
      executed_on: null,
      amount: null,
      rate: null,
      fee: null,
      action: null,
      reason: { code: "order_inactive" },
      payout: null,
      ...extra,
    },
  });
}
