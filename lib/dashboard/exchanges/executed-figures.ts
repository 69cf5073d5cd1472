import { exchangeEventPayloadSchema } from "@/lib/service-api/schemas";
import type { StoredEvent } from "@/lib/dashboard/contract/dashboard-api";
import type { ExchangeView } from "./exchange-view";

/**
 * The exchange with the figures of its execution (executed_on, amount, rate, fee) where the
 * service's latest answer has none: a refunded exchange carries none (exchange.refunded nulls
 * them), also when it was executed first and refunded afterwards (payout_expired, a customer's
 * request). Its stored exchange.executed webhook still says them; the newest one counts.
 */
export function withExecutedFigures(view: ExchangeView, events: StoredEvent[]): ExchangeView {
  if (view.executed_on !== null) return view;
  for (const event of [...events].reverse()) {
    if (event.event !== "exchange.executed" || typeof event.body !== "object" || event.body === null || !("payload" in event.body))
      continue;
    const payload = exchangeEventPayloadSchema.safeParse(event.body.payload);
    if (!payload.success) continue;
    const { executed_on, amount, rate, fee, exchange_id } = payload.data;
    if (exchange_id !== view.id || executed_on === null) continue;
    return { ...view, executed_on, amount, rate, fee };
  }
  return view;
}
