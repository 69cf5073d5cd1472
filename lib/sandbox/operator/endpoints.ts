import "server-only";
import { z } from "zod";
import {
  clientCreatedSchema,
  clientListSchema,
  clockRequestSchema,
  clockResetSchema,
  clockSchema,
  deliveriesSchema,
  deliveryRunSchema,
  deliverySchema,
  endpointSchema,
  endpointSecretSchema,
  recoverRequestSchema,
  recoverResultSchema,
  runtimeSchema,
  webhookEndpointsResultSchema,
} from "@/lib/service-api/operator-contract";
import { ApiError } from "@/lib/errors";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { operatorErrors } from "../error-sets";
import { advanceClientClock, advanceClock, clientClockToShared, clientNow, sandboxNow, sharedClockToPresent } from "../clock";
import { expireUnpaidPayouts } from "../exchanges/expire-payouts";
import { deliverDue, recoverDeliveries, resendDelivery } from "../outbox/deliver";
import { wakeWorker } from "../outbox/wake";
import {
  clientCreateSchema,
  createClient,
  listClients,
  replaceWebhookEndpoints,
  setEndpointSecret,
  webhookEndpointsSchema,
} from "./clients";
import { deliveryById, deliveryFiltersSchema, listDeliveries } from "./list-deliveries";

// The operator API: API clients and their webhook endpoints, the clocks, webhook deliveries and the
// server's memory (the simulated bank's and chain's endpoints are with exchanges').

const tag = "operator";

// POST /sandbox/operator/clients
export const createClientEndpoint = endpoint({
  method: "POST",
  path: "/operator/clients",
  access: "operator",
  body: { schema: clientCreateSchema, example: { name: "ACME" } },
  doc: {
    operationId: "createClient",
    summary: "Create an API client",
    description: "A client with two affiliate agreements, the first its default.",
    tag,
    success: { status: 201, description: "The client", schema: clientCreatedSchema },
    errors: [...operatorErrors, "conflict"],
  },
  handler: async ({ db, body }) => json(await createClient(db, body), 201),
});

// GET /sandbox/operator/clients
export const listClientsEndpoint = endpoint({
  method: "GET",
  path: "/operator/clients",
  access: "operator",
  doc: {
    operationId: "listClients",
    summary: "List API clients",
    description: "Every API client with its webhook endpoints (their secrets are never shown).",
    tag,
    success: { status: 200, description: "The clients, oldest first", schema: clientListSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db }) => json(await listClients(db)),
});

// PUT /sandbox/operator/clients/{client_id}/webhook-endpoints
export const replaceWebhookEndpointsEndpoint = endpoint({
  method: "PUT",
  path: "/operator/clients/{client_id}/webhook-endpoints",
  access: "operator",
  body: { schema: webhookEndpointsSchema },
  doc: {
    operationId: "replaceWebhookEndpoints",
    summary: "Replace a client's webhook endpoints",
    description: "Every event of the client's orders is POSTed to each endpoint, signed with its secret. Secrets are never echoed back.",
    tag,
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The endpoints now registered", schema: webhookEndpointsResultSchema },
    errors: [...operatorErrors, "not_found"],
  },
  handler: async ({ db, params, body }) => json(await replaceWebhookEndpoints(db, params.client_id ?? "", body)),
});

// PATCH /sandbox/operator/webhook-endpoints/{id} – a new secret for one endpoint
export const setWebhookEndpointSecretEndpoint = endpoint({
  method: "PATCH",
  path: "/operator/webhook-endpoints/{id}",
  access: "operator",
  ids: { id: "webhook endpoint" },
  body: { schema: endpointSecretSchema },
  doc: {
    operationId: "setWebhookEndpointSecret",
    summary: "Give one webhook endpoint a new secret",
    description:
      "A client's secret rotation: every later attempt, retries of earlier events included, is signed with the new secret. " +
      "The secret is never echoed back.",
    tag,
    pathParams: { id: "The endpoint's id (GET /operator/clients)" },
    success: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...operatorErrors, "not_found"],
  },
  handler: async ({ db, ids, body }) => json(await setEndpointSecret(db, ids.id, body.secret)),
});

// POST /sandbox/operator/clock – move the sandbox clock forward (0 reads it)
export const advanceClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clock",
  access: "operator",
  body: { schema: clockRequestSchema, example: { advance_seconds: 600 } },
  doc: {
    operationId: "advanceClock",
    summary: "Move the shared clock forward",
    description:
      "The shared clock, with each client's own clock running on it, governs every expiry, timestamp and retry of the " +
      "sandbox. `advance_seconds: 0` reads it. No clock may run more than 366 days ahead of real time: a move past that is " +
      "409 clock_limit (docs/sandbox.md#clocks).",
    tag,
    success: { status: 200, description: "The shared clock's time", schema: clockSchema },
    errors: [...operatorErrors, "clock_limit"],
  },
  handler: async ({ db, body: { advance_seconds } }) => {
    const now = await advanceClock(db, advance_seconds);
    if (advance_seconds > 0) {
      await expireUnpaidPayouts(db);
      wakeWorker();
    }
    return json({ now: now.toISOString() } satisfies z.input<typeof clockSchema>);
  },
});

// POST /sandbox/operator/clock/reset – put the shared clock back to the present, its objects kept consistent
export const resetClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clock/reset",
  access: "operator",
  doc: {
    operationId: "resetClock",
    summary: "Put the shared clock back to the present",
    description:
      "For a clock that ran ahead: what happened in the time skipped is dated at the present at the latest, what was to come " +
      "(expiries, webhook retries) stays as far away as it was. Each client's own clock keeps its lead on the shared one.",
    tag,
    success: { status: 200, description: "The shared clock's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db }) => {
    const moved = await sharedClockToPresent(db);
    wakeWorker();
    const now = await sandboxNow(db);
    return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
  },
});

// POST /sandbox/operator/clients/{client_id}/clock – move the client's own clock forward (0 reads it)
export const advanceClientClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clients/{client_id}/clock",
  access: "operator",
  body: { schema: clockRequestSchema, example: { advance_seconds: 60 } },
  doc: {
    operationId: "advanceClientClock",
    summary: "Move one client's own clock forward",
    description:
      "Only this client's time moves: its objects' expiries and its webhooks' retries, no other client's. `advance_seconds: 0` " +
      "reads it. At most 366 days ahead of real time, and at most 30 days of moves in any 24 hours: a move past either is " +
      "409 clock_limit naming it.",
    tag,
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The client's time", schema: clockSchema },
    errors: [...operatorErrors, "not_found", "clock_limit"],
  },
  handler: async ({ db, params, body: { advance_seconds } }) => {
    const now = await advanceClientClock(db, params.client_id ?? "", advance_seconds);
    if (advance_seconds > 0) {
      await expireUnpaidPayouts(db);
      wakeWorker();
    }
    return json({ now: now.toISOString() } satisfies z.input<typeof clockSchema>);
  },
});

// POST /sandbox/operator/clients/{client_id}/clock/reset – put the client's own clock back to the shared one
export const resetClientClockEndpoint = endpoint({
  method: "POST",
  path: "/operator/clients/{client_id}/clock/reset",
  access: "operator",
  doc: {
    operationId: "resetClientClock",
    summary: "Put one client's own clock back to the shared clock",
    description: "The client's objects are mended as for the shared clock's reset; no other client's change.",
    tag,
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The client's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, params }) => {
    const clientId = params.client_id ?? "";
    const moved = await clientClockToShared(db, clientId);
    wakeWorker();
    const now = await clientNow(db, clientId);
    return json({ now: now.toISOString(), moved_back_seconds: Math.round(moved / 1000) } satisfies z.input<typeof clockResetSchema>);
  },
});

// GET /sandbox/operator/deliveries?exchange_id=&endpoint_id=&status=&since=&limit=
export const listDeliveriesEndpoint = endpoint({
  method: "GET",
  path: "/operator/deliveries",
  access: "operator",
  query: deliveryFiltersSchema,
  doc: {
    operationId: "listDeliveries",
    summary: "List webhook deliveries",
    description: "The latest deliveries (200 at most, `limit` fewer), each with every attempt; the filters narrow them down.",
    tag,
    // the filters as a client writes them (deliveryFiltersSchema parses them)
    query: z.object({
      exchange_id: z.string().optional().meta({ description: "Only this exchange's (UUID)", format: "uuid" }),
      endpoint_id: z.string().optional().meta({ description: "Only this webhook endpoint's (UUID)", format: "uuid" }),
      status: z.enum(["pending", "delivered", "failed"]).optional().meta({ description: "Only deliveries in this status" }),
      since: z.string().optional().meta({ description: "Only deliveries created at or after this instant", format: "date-time" }),
      limit: z.string().optional().meta({ description: "How many at most, 1 to 200 (default 200)" }),
    }),
    success: { status: 200, description: "Deliveries, newest first", schema: deliveriesSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  handler: async ({ db, query }) => json(await listDeliveries(db, query)),
});

// POST /sandbox/operator/deliveries/{id}/resend – deliver again now
export const resendDeliveryEndpoint = endpoint({
  method: "POST",
  path: "/operator/deliveries/{id}/resend",
  access: "operator",
  ids: { id: "delivery" },
  doc: {
    operationId: "resendDelivery",
    summary: "Deliver again now",
    description: "Also a delivery that failed for good after 10 attempts.",
    tag,
    success: { status: 200, description: "The delivery after the attempt", schema: deliverySchema },
    errors: ["unauthorized", "not_found", "conflict"],
  },
  handler: async ({ db, ids }) => {
    if (!(await deliveryById(db, ids.id))) throw new ApiError("not_found", "No such delivery");
    if (!(await resendDelivery(db, ids.id))) throw new ApiError("conflict", "The delivery is being attempted right now");
    return json(await deliveryById(db, ids.id));
  },
});

// POST /sandbox/operator/deliveries/recover – queue every failed delivery of an endpoint since T again
export const recoverDeliveriesEndpoint = endpoint({
  method: "POST",
  path: "/operator/deliveries/recover",
  access: "operator",
  body: {
    schema: recoverRequestSchema,
    example: { endpoint_id: "2b1e6f0c-8f1a-4c3e-9b1a-0c9d8e7f6a5b", since: "2026-11-20T00:00:00.000Z" },
  },
  doc: {
    operationId: "recoverDeliveries",
    summary: "Deliver again everything that failed since a date",
    description:
      "After an endpoint's outage: every delivery to the endpoint that failed for good and was created at or after `since` " +
      "is due again now, and gets one more attempt.",
    tag,
    success: { status: 200, description: "How many deliveries were queued again", schema: recoverResultSchema },
    errors: [...operatorErrors, "not_found"],
  },
  handler: async ({ db, body }) => json({ recovered: await recoverDeliveries(db, body.endpoint_id, new Date(body.since)) }),
});

// POST /sandbox/operator/deliveries/run – deliver everything due now
export const runDueDeliveriesEndpoint = endpoint({
  method: "POST",
  path: "/operator/deliveries/run",
  access: "operator",
  doc: {
    operationId: "runDueDeliveries",
    summary: "Deliver everything due now",
    description: "What the worker does every `SANDBOX_WORKER_INTERVAL_MS`; for tests.",
    tag,
    success: { status: 200, description: "How many deliveries were attempted, and how they ended", schema: deliveryRunSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db }) => json(await deliverDue(db)),
});

const gcHolder = globalThis as typeof globalThis & { gc?: () => void };

// GET /sandbox/operator/runtime[?gc=1] – memory of the server process, after a full garbage
// collection when asked and the process runs with --expose-gc (the benchmark measures with it)
export const getRuntimeEndpoint = endpoint({
  method: "GET",
  path: "/operator/runtime",
  access: "operator",
  doc: {
    operationId: "getRuntime",
    summary: "The server's memory",
    description: "After a full garbage collection with `gc=1` when the process runs with `--expose-gc` (the benchmark uses it).",
    tag,
    // any other value of gc is no collection, not a refusal
    query: z.object({ gc: z.enum(["1"]).optional().meta({ description: "Collect garbage first" }) }),
    success: { status: 200, description: "Memory figures in bytes", schema: runtimeSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ req }) => {
    const collect = new URL(req.url).searchParams.get("gc") === "1" && typeof gcHolder.gc === "function";
    if (collect) gcHolder.gc?.();
    const memory = process.memoryUsage();
    return json({
      collected: collect,
      rss: memory.rss,
      heap_used: memory.heapUsed,
      heap_total: memory.heapTotal,
      external: memory.external,
      array_buffers: memory.arrayBuffers,
      uptime_s: Math.round(process.uptime()),
    });
  },
});
