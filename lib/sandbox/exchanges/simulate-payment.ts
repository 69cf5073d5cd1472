import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges, sandboxOrders } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { checkIban } from "@/lib/banking/iban";
import { paymentSchema } from "@/lib/service-api/operator-contract";
import { refundCodes } from "@/lib/service-api/schemas";
import { clientNow } from "../clock";
import { decimalToMinor, price } from "../money";
import { emitEvent } from "../outbox/emit-event";
import { wakeWorker } from "../outbox/wake";
import { offersChannel } from "./channel-offer";
import { newOffers } from "./offers";
import type { ExchangeRow, OrderRow } from "./types";

export type PaymentInput = z.infer<typeof paymentSchema>;

/** Countries the simulated compliance accepts payments from (docs/exchange-api.md#operator-api). */
export const SUPPORTED_COUNTRIES = new Set(["CH", "DE", "AT", "FR", "IT", "GB", "NL", "BE", "ES", "PT", "LI"]);
export const IDENTIFICATION_THRESHOLD_MINOR = 100_000; // above 1 000 of the quote currency

type Outcome = (typeof refundCodes)[number] | "identification_required" | "executed";

function decideOutcome(order: OrderRow, input: PaymentInput, costMinor: number, payerIban: string): Outcome {
  if (input.outcome) return input.outcome;
  if (!order.active) return "order_inactive";
  if (input.payer?.kind === "company") return "companies_unsupported";
  const country = (input.payer?.country ?? payerIban.slice(0, 2)).toUpperCase();
  if (!SUPPORTED_COUNTRIES.has(country)) return "country_unsupported";
  if (payerIban !== order.debitorIban) return "account_not_matching";
  if (costMinor > IDENTIFICATION_THRESHOLD_MINOR) return "identification_required";
  return "executed";
}

/** Execution values at `now`: price, and for Lightning orders the payout offers (a channel where `channel` allows it). */
export function executionFields(order: OrderRow, costMinor: number, currency: string, now: Date, channel: boolean) {
  const rateMinor = Math.round(env().sandboxRates[currency as "eur" | "chf" | "gbp"] * 100);
  const { feeMinor, amountSats } = price(costMinor, order.feeRate, rateMinor);
  const lightning = order.payoutKind === "lightning";
  return {
    state: "executed",
    executedOn: now,
    amountSats,
    rateMinor,
    feeMinor,
    action: lightning ? { code: "initiate_payout" } : null,
    offers: lightning ? newOffers(amountSats, now, channel) : null,
    reason: null,
    payout: null,
  } satisfies Partial<ExchangeRow>;
}

// POST /sandbox/operator/payments
export async function simulatePayment(db: Db, input: PaymentInput) {
  const costMinor = decimalToMinor(input.amount);
  if (costMinor === null) {
    throw new ApiError("invalid_request", "amount has more than two decimal places", [
      { path: "amount", message: "At most two decimal places" },
    ]);
  }
  const result = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(sandboxOrders)
      .where(
        input.order_id
          ? eq(sandboxOrders.id, input.order_id)
          : eq(sandboxOrders.creditorReference, (input.creditor_reference ?? "").replace(/\s+/g, "").toUpperCase()),
      );
    if (!order) throw new ApiError("not_found", "No order with that id or creditor reference");
    const currency = input.currency.trim().toLowerCase();
    if (currency !== order.currency) {
      throw new ApiError("unsupported_currency", `The order takes ${order.currency}, not ${currency}`);
    }
    let payerIban = order.debitorIban;
    if (input.payer?.iban) {
      const checked = checkIban(input.payer.iban);
      if (!checked.valid) throw new ApiError("invalid_iban", checked.reason);
      payerIban = checked.iban;
    }
    const now = await clientNow(tx, order.clientId);
    const outcome = decideOutcome(order, input, costMinor, payerIban);
    const base = {
      id: randomUUID(),
      orderId: order.id,
      clientId: order.clientId,
      type: input.type ?? "buy",
      pair: `btc/${currency}`,
      feeRate: order.feeRate,
      costMinor,
      payer: {
        iban: payerIban,
        name: input.payer?.name ?? null,
        kind: input.payer?.kind ?? "person",
        country: input.payer?.country ?? null,
      },
      createdOn: now,
      updatedOn: now,
    };
    const fields =
      outcome === "executed"
        ? executionFields(order, costMinor, currency, now, await offersChannel(tx, order.nodePubkey))
        : outcome === "identification_required"
          ? { state: "interrupted", action: { code: "identification_required", identification_id: randomUUID() } }
          : { state: "refunded", reason: { code: outcome } };
    const [row] = await tx
      .insert(sandboxExchanges)
      .values({ ...base, ...fields })
      .returning();
    if (!row) throw new Error("exchange insert returned nothing");
    const event =
      outcome === "executed" ? "exchange.executed" : outcome === "identification_required" ? "exchange.interrupted" : "exchange.refunded";
    await emitEvent(tx, row, event, now);
    return { exchange_id: row.id, state: row.state };
  });
  wakeWorker();
  return result;
}
