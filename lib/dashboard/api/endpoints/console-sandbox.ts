import "server-only";
import { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { pathId, searchParams } from "@/lib/http/route-params";
import { clockBodySchema } from "@/lib/dashboard/contract/console-api";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";
import {
  clientListSchema,
  clockResetSchema,
  clockSchema,
  deliveriesSchema,
  deliverySchema,
  driveEventSchema,
  operatorExchangeSchema,
  paymentResultSchema,
  paymentSchema,
  recoverRequestSchema,
  recoverResultSchema,
} from "@/lib/service-api/operator-contract";
import { endpoint } from "../endpoint";
import { sandboxOnly } from "./simulator";
import { mutation } from "../error-sets";

// The operator console's controls of this app's sandbox (/api/operator/sandbox, role operator),
// each passed on to the sandbox's operator API: its webhook deliveries, clients, payments, any
// exchange and its clocks. Audited in the console's own log.

const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] satisfies ErrorCode[];
const operatorRead = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const operators = { roles: ["operator" as const], scope: "global" as const };
const tag = "operator console";

// The sandbox checks the deliveries' filters itself: the query is passed on as it came, and documented here.
const deliveryQuery = z.object({
  exchange_id: z.string().optional().meta({ description: "Only this exchange's", format: "uuid" }),
  endpoint_id: z.string().optional().meta({ description: "Only this endpoint's", format: "uuid" }),
  status: z.enum(["pending", "delivered", "failed"]).optional().meta({ description: "Only in this status" }),
  since: z.string().optional().meta({ description: "Created at or after", format: "date-time" }),
});

// GET /api/operator/sandbox/deliveries?status=&endpoint_id=&exchange_id=&since= → GET /sandbox/operator/deliveries
export const listSandboxDeliveries = endpoint({
  method: "GET",
  path: "/operator/sandbox/deliveries",
  access: operators,
  doc: {
    operationId: "listSandboxDeliveries",
    summary: "The sandbox's webhook deliveries",
    description: `Each with every attempt (status, error, duration) and the next one. ${sandboxOnly}`,
    tag,
    query: deliveryQuery,
    success: { status: 200, description: "Deliveries, newest first", schema: deliveriesSchema },
    errors: [...operatorRead, "invalid_request", "not_found", ...upstream],
  },
  handler: async ({ req }) => Response.json(await consoleSimulator().deliveries(searchParams(req))),
});

// POST /api/operator/sandbox/deliveries/{id}/resend → POST /sandbox/operator/deliveries/{id}/resend
export const resendSandboxDelivery = endpoint({
  method: "POST",
  path: "/operator/sandbox/deliveries/{id}/resend",
  access: { ...operators, mutation: "sandbox.resend_delivery" },
  ids: { id: "delivery" },
  doc: {
    operationId: "resendSandboxDelivery",
    summary: "Deliver a webhook again now",
    description: `Also one that failed for good. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "The delivery after the attempt", schema: deliverySchema },
    errors: ["unauthorized", "forbidden", "not_found", "conflict", ...upstream],
  },
  handler: async ({ ids, audit }) => {
    audit.target = ids.id;
    return Response.json(await consoleSimulator().resend(ids.id));
  },
});

// POST /api/operator/sandbox/deliveries/recover → POST /sandbox/operator/deliveries/recover
export const recoverSandboxDeliveries = endpoint({
  method: "POST",
  path: "/operator/sandbox/deliveries/recover",
  access: { ...operators, mutation: "sandbox.recover_deliveries" },
  body: { schema: recoverRequestSchema },
  doc: {
    operationId: "recoverSandboxDeliveries",
    summary: "Deliver again everything that failed since a date",
    description: `For one endpoint, after its outage. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "How many were queued again", schema: recoverResultSchema },
    errors: [...mutation, "not_found", ...upstream],
  },
  handler: async ({ body, audit }) => {
    audit.target = body.endpoint_id;
    return Response.json(await consoleSimulator().recover(body.endpoint_id, body.since));
  },
});

// GET /api/operator/sandbox/clients → GET /sandbox/operator/clients (the sandbox's API clients and their endpoints)
export const listSandboxClients = endpoint({
  method: "GET",
  path: "/operator/sandbox/clients",
  access: operators,
  doc: {
    operationId: "listSandboxClients",
    summary: "The sandbox's API clients",
    description: `With their webhook endpoints. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "The clients", schema: clientListSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  },
  handler: async () => Response.json(await consoleSimulator().clients()),
});

// POST /api/operator/sandbox/payments → POST /sandbox/operator/payments (into any order, by id or creditor reference)
export const simulateSandboxPayment = endpoint({
  method: "POST",
  path: "/operator/sandbox/payments",
  access: { ...operators, mutation: "sandbox.payment" },
  body: { schema: paymentSchema, example: { creditor_reference: "RF18539007547034", amount: 250, currency: "eur" } },
  doc: {
    operationId: "simulateSandboxPayment",
    summary: "Simulate a bank payment into any order",
    description: `By order id or creditor reference, with amount, currency, payer and outcome. ${sandboxOnly}`,
    tag,
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...mutation, "not_found", "unsupported_currency", "invalid_iban", ...upstream],
  },
  handler: async ({ body, audit }) => {
    audit.target = body.order_id ?? body.creditor_reference ?? null;
    return Response.json(await consoleSimulator().pay(body), { status: 201 });
  },
});

// GET /api/operator/sandbox/exchanges/{id} → GET /sandbox/operator/exchanges/{id} (any client's, with its next events);
// a sandbox switched off is said before a malformed id, so the id is checked here rather than as one of `ids`
export const getSandboxExchange = endpoint({
  method: "GET",
  path: "/operator/sandbox/exchanges/{id}",
  access: operators,
  doc: {
    operationId: "getSandboxExchange",
    summary: "Any client's exchange, with the events its state allows",
    description: sandboxOnly,
    tag,
    pathParams: { id: "Exchange UUID" },
    success: { status: 200, description: "The exchange and its next events", schema: operatorExchangeSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  },
  handler: async ({ params }) => Response.json(await consoleSimulator().exchange(pathId("exchange", params.id))),
});

// POST /api/operator/sandbox/exchanges/{id}/events → POST /sandbox/operator/exchanges/{id}/events; the
// body is read after the exchange is named in the audit log, so that a refused event names it too
export const driveSandboxExchange = endpoint({
  method: "POST",
  path: "/operator/sandbox/exchanges/{id}/events",
  access: { ...operators, mutation: "sandbox.drive_exchange" },
  ids: { id: "exchange" },
  doc: {
    operationId: "driveSandboxExchange",
    summary: "Drive an exchange",
    description: `Identification, refund, chain and Lightning events; one that does not fit is 409. ${sandboxOnly}`,
    tag,
    body: { schema: driveEventSchema, example: { type: "confirm" } },
    success: { status: 200, description: "The exchange after the event", schema: "Exchange" },
    errors: [...mutation, "not_found", "invalid_transition", ...upstream],
  },
  handler: async ({ req, ids, audit }) => {
    audit.target = ids.id;
    const event = await readJson(req, driveEventSchema);
    return Response.json(await consoleSimulator().drive(ids.id, event));
  },
});

// GET /api/operator/sandbox/clock – the sandbox's time
export const getSandboxClock = endpoint({
  method: "GET",
  path: "/operator/sandbox/clock",
  access: operators,
  doc: {
    operationId: "getSandboxClock",
    summary: "The sandbox's time",
    description: sandboxOnly,
    tag,
    success: { status: 200, description: "The sandbox time", schema: clockSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  },
  handler: async () => Response.json(await consoleSimulator().clock(0)),
});

// POST /api/operator/sandbox/clock – move the sandbox clock forward (expiries, retries, payouts unpaid for 24 h)
export const advanceSandboxClock = endpoint({
  method: "POST",
  path: "/operator/sandbox/clock",
  access: { ...operators, mutation: "sandbox.clock" },
  body: { schema: clockBodySchema, example: { advance_seconds: 3600 } },
  doc: {
    operationId: "advanceSandboxClock",
    summary: "Move the sandbox clock forward",
    description: `Expiries, retries and unpaid payouts follow it. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "The sandbox time", schema: clockSchema },
    errors: [...mutation, "not_found", "clock_limit", ...upstream],
  },
  handler: async ({ body, audit }) => {
    audit.target = `+${body.advance_seconds}s`;
    return Response.json(await consoleSimulator().clock(body.advance_seconds));
  },
});

// POST /api/operator/sandbox/clock/reset – put the sandbox's shared clock back to the present
// (a clock that ran ahead: its objects are mended, docs/sandbox.md#clocks)
export const resetSandboxClock = endpoint({
  method: "POST",
  path: "/operator/sandbox/clock/reset",
  access: { ...operators, mutation: "sandbox.clock_reset" },
  doc: {
    operationId: "resetSandboxClock",
    summary: "Put the sandbox's shared clock back to the present",
    description:
      "What happened in the time skipped is dated at the present at the latest; expiries and webhook retries still to come " +
      `stay as far away as they were (docs/sandbox.md#clocks). Audited. ${sandboxOnly}`,
    tag,
    success: { status: 200, description: "The shared clock's time, and how far it went back", schema: clockResetSchema },
    errors: [...mutation, "not_found", ...upstream],
  },
  handler: async ({ audit }) => {
    const reset = await consoleSimulator().resetClock();
    audit.target = `-${reset.moved_back_seconds}s`;
    return Response.json(reset);
  },
});

// POST /api/operator/sandbox/clients/{client_id}/clock/reset – put one client's own clock back to
// the shared one (audited by the client's name: its client_id is a credential)
export const resetSandboxClientClock = endpoint({
  method: "POST",
  path: "/operator/sandbox/clients/{client_id}/clock/reset",
  access: { ...operators, mutation: "sandbox.client_clock_reset" },
  doc: {
    operationId: "resetSandboxClientClock",
    summary: "Put one sandbox client's own clock back to the shared clock",
    description:
      "Its objects are mended as for the shared clock's reset; no other client's change. Audited by the client's name. " + sandboxOnly,
    tag,
    pathParams: { client_id: "The client's client_id (GET /api/operator/sandbox/clients)" },
    success: { status: 200, description: "The client's time, and how far it went back", schema: clockResetSchema },
    errors: [...mutation, "not_found", ...upstream],
  },
  handler: async ({ params, audit }) => {
    const simulator = consoleSimulator();
    const client = (await simulator.clients()).clients.find((c) => c.client_id === params.client_id);
    if (!client) throw new ApiError("not_found", "No such client");
    const reset = await simulator.resetClientClock(client.client_id);
    audit.target = `${client.name} (-${reset.moved_back_seconds}s)`;
    return Response.json(reset);
  },
});

export const consoleSandboxEndpoints = [
  listSandboxDeliveries,
  resendSandboxDelivery,
  recoverSandboxDeliveries,
  listSandboxClients,
  simulateSandboxPayment,
  getSandboxExchange,
  driveSandboxExchange,
  getSandboxClock,
  advanceSandboxClock,
  resetSandboxClock,
  resetSandboxClientClock,
];
