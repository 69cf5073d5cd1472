import type { Exchange } from "./schemas";

export type ExchangeState = "executed" | "interrupted" | "refunded" | "settled";

/**
 * The state of an exchange, read from its shape as GET returns it (docs/exchange-api.md#exchanges,
 * "Shapes"): refunded carries a reason; interrupted an action other than a payout offer, or a
 * payout failure; settled a coin payout or a Lightning payout past pending.
 */
export function exchangeState(exchange: Pick<Exchange, "action" | "reason" | "payout">): ExchangeState {
  const reason = exchange.reason?.code;
  if (reason && reason !== "payout_failure") return "refunded";
  const payout = exchange.payout as { status?: string; txid?: string } | null;
  if (payout) {
    if (payout.status === undefined || payout.status === "completed" || payout.status === "funding") return "settled";
    if (payout.status === "failed") return "interrupted";
  }
  if (reason === "payout_failure") return "interrupted";
  if (exchange.action && exchange.action.code !== "initiate_payout") return "interrupted";
  return "executed";
}

export function stateOfEvent(eventType: string | null): ExchangeState | null {
  switch (eventType) {
    case "exchange.executed":
      return "executed";
    case "exchange.interrupted":
      return "interrupted";
    case "exchange.refunded":
      return "refunded";
    case "exchange.settled":
      return "settled";
    default:
      return null;
  }
}
