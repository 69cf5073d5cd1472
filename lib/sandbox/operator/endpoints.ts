import "server-only";
import { z } from "zod";
import {
  clientCreatedSchema,
  clientListSchema,
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
import { deliverDue, recoverDeliveries, resendDelivery } from "../outbox/deliver";
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
