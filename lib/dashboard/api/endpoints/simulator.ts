import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { ownId } from "@/lib/dashboard/api/ownership";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { simulatorStepsSchema, type SimulatorSteps } from "@/lib/dashboard/contract/console-api";
import { refreshExchange } from "@/lib/dashboard/exchanges/refresh-exchange";
import { simulatorFor } from "@/lib/dashboard/simulator/simulator";
import { driveEventSchema, paymentFieldsSchema, paymentResultSchema } from "@/lib/service-api/operator-contract";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// The dashboard's test buttons, for tenants whose upstream is this app's sandbox. Each checks that
// the order or exchange is the tenant's and that the sandbox is its upstream (404 otherwise) before
// it reads the body, so their bodies are documented here and read by the handlers.

const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] satisfies ErrorCode[];
export const sandboxOnly = "Only while the sandbox runs in this app (404 otherwise).";
const tag = "simulator";

// POST /api/orders/{id}/simulate-payment – a test payment into the tenant's order (sandbox upstream only)
export const simulateOrderPayment = endpoint({
  method: "POST",
  path: "/orders/{id}/simulate-payment",
  access: { mutation: "orders.simulate_payment" },
  ids: { id: "order" },
  doc: {
    operationId: "simulateOrderPayment",
    summary: "Simulate a bank payment into an order",
    description: `A test payment into the tenant's order, as the sandbox's bank would receive it (admins). ${sandboxOnly}`,
    tag,
    body: { schema: paymentFieldsSchema, example: { amount: 250, currency: "eur" } },
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...mutation, "not_found", "unsupported_currency", "invalid_iban", ...upstream],
  },
  handler: async ({ req, db, tenant, ids, audit }) => {
    const id = await ownId(db, tenant.id, "order", ids.id);
    audit.target = id;
    const simulator = simulatorFor(tenant);
    const input = await readJson(req, paymentFieldsSchema);
    await upstreamFor(tenant).getOrder(id); // the tenant's own order, else 404
    return Response.json(await simulator.pay({ ...input, order_id: id }), { status: 201 });
  },
});

// GET /api/exchanges/{id}/simulate – the next steps the sandbox can simulate for the tenant's exchange
export const getSimulatorSteps = endpoint({
  method: "GET",
  path: "/exchanges/{id}/simulate",
  access: {},
  ids: { id: "exchange" },
  doc: {
    operationId: "getSimulatorSteps",
    summary: "The steps the sandbox can simulate next",
    description: `Every simulated event, whether it fits the exchange's state now, and why not. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "The next steps", schema: simulatorStepsSchema },
    errors: ["unauthorized", "not_found", ...upstream],
  },
  handler: async ({ db, tenant, ids }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    const simulator = simulatorFor(tenant);
    await upstreamFor(tenant).getExchange(id); // the tenant's own exchange, else 404
    const { payout_kind, events } = await simulator.exchange(id);
    return Response.json({ payout_kind, events } satisfies SimulatorSteps);
  },
});

// POST /api/exchanges/{id}/simulate – simulate the next step (broadcast, confirm, pay the invoice, …)
export const simulateExchangeStep = endpoint({
  method: "POST",
  path: "/exchanges/{id}/simulate",
  access: { mutation: "exchanges.simulate" },
  ids: { id: "exchange" },
  doc: {
    operationId: "simulateExchangeStep",
    summary: "Simulate the next step of an exchange",
    description:
      "Broadcast, replace, confirm, pay the invoice with its preimage, open the channel, approve identification… (admins). " + sandboxOnly,
    tag,
    body: { schema: driveEventSchema, example: { type: "broadcast" } },
    success: { status: 200, description: "The exchange after the step", schema: "Exchange" },
    errors: [...mutation, "not_found", "invalid_transition", ...upstream],
  },
  handler: async ({ req, db, tenant, ids, audit }) => {
    const id = await ownId(db, tenant.id, "exchange", ids.id);
    audit.target = id;
    const simulator = simulatorFor(tenant);
    const event = await readJson(req, driveEventSchema);
    await upstreamFor(tenant).getExchange(id);
    await simulator.drive(id, event);
    return Response.json(await refreshExchange(db, tenant, id));
  },
});

export const simulatorEndpoints = [simulateOrderPayment, getSimulatorSteps, simulateExchangeStep];
