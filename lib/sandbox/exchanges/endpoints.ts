import "server-only";
import { exchangePayoutPatchSchema } from "@/lib/service-api/schemas";
import { driveEventSchema, operatorExchangeSchema, paymentResultSchema, paymentSchema } from "@/lib/service-api/operator-contract";
import { payoutErrors } from "@/lib/openapi/error-sets";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { bodyErrors, operatorErrors, v1Errors } from "../error-sets";
import { getExchange } from "./get-exchange";
import { patchPayout } from "./patch-payout";
import { simulatePayment } from "./simulate-payment";
import { driveExchange, operatorExchangeView } from "./drive-exchange";

// Exchanges: what the REST API v1 shows of them and the Lightning payouts it takes, and the
// operator's simulated bank payment that starts one and events that move it.

// GET /sandbox/v1/exchanges/{id}: renews expired payout offers of a Lightning exchange
export const getExchangeEndpoint = endpoint({
  method: "GET",
  path: "/v1/exchanges/{id}",
  access: "client",
  ids: { id: "exchange" },
  doc: {
    operationId: "getExchange",
    summary: "Get an exchange",
    description:
      "The exchange in one of its shapes (executed, interrupted, refunded, settled). For a Lightning exchange, " +
      "expired payout offers are renewed.",
    tag: "exchanges",
    success: { status: 200, description: "The exchange", schema: "Exchange" },
    errors: [...v1Errors],
  },
  handler: async ({ db, clientId, ids }) => json(await getExchange(db, clientId, ids.id)),
});

// PATCH /sandbox/v1/exchanges/{id}: invoice or channel payout (beta)
export const requestPayoutEndpoint = endpoint({
  method: "PATCH",
  path: "/v1/exchanges/{id}",
  access: "client",
  ids: { id: "exchange" },
  body: { schema: exchangePayoutPatchSchema, example: { payout: { type: "channel", private: false } } },
  doc: {
    operationId: "requestPayout",
    summary: "Request a Lightning payout (beta)",
    description:
      "An invoice of exactly the amount minus the invoice offer's fee, or a channel to the order's node. The payout starts as `pending`.",
    tag: "exchanges",
    success: { status: 200, description: "The exchange with its pending payout", schema: "Exchange" },
    errors: [...v1Errors, ...bodyErrors, ...payoutErrors],
  },
  handler: async ({ db, clientId, ids, body }) => json(await patchPayout(db, clientId, ids.id, body)),
});

// POST /sandbox/operator/payments – a simulated bank payment into an order
export const simulatePaymentEndpoint = endpoint({
  method: "POST",
  path: "/operator/payments",
  access: "operator",
  body: { schema: paymentSchema, example: { creditor_reference: "RF18539007547034", amount: 250, currency: "eur" } },
  doc: {
    operationId: "simulatePayment",
    summary: "Simulate a bank payment into an order",
    description:
      "By `order_id` or `creditor_reference`. Without `outcome` the compliance rules decide: inactive order, company " +
      "payer, payer country, payer account, identification above 1 000.",
    tag: "operator",
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...operatorErrors, "not_found", "unsupported_currency", "invalid_iban"],
  },
  handler: async ({ db, body }) => json(await simulatePayment(db, body), 201),
});

// POST /sandbox/operator/exchanges/{id}/events – drive the simulated bank, chain and network
export const driveExchangeEndpoint = endpoint({
  method: "POST",
  path: "/operator/exchanges/{id}/events",
  access: "operator",
  ids: { id: "exchange" },
  body: { schema: driveEventSchema, example: { type: "broadcast" } },
  doc: {
    operationId: "driveExchange",
    summary: "Move an exchange: identification, refund, chain and Lightning events",
    description: "An event that does not fit the exchange's state is `409 invalid_transition`.",
    tag: "operator",
    success: { status: 200, description: "The exchange after the event", schema: "Exchange" },
    errors: [...operatorErrors, "not_found", "invalid_transition"],
  },
  handler: async ({ db, ids, body }) => json(await driveExchange(db, ids.id, body)),
});

// GET /sandbox/operator/exchanges/{id} – any client's exchange, with the operator events its state allows
export const getExchangeAsOperatorEndpoint = endpoint({
  method: "GET",
  path: "/operator/exchanges/{id}",
  access: "operator",
  ids: { id: "exchange" },
  doc: {
    operationId: "getExchangeAsOperator",
    summary: "Any client's exchange, with the events its state allows",
    description:
      "The exchange as its client sees it, the client, the payout kind, and every operator event with whether it fits the " +
      "exchange's state now and, if not, why (a console offers only what fits).",
    tag: "operator",
    success: { status: 200, description: "The exchange and its next events", schema: operatorExchangeSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, ids }) => json(await operatorExchangeView(db, ids.id)),
});
