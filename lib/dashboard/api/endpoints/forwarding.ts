import "server-only";
import type { ErrorCode } from "@/lib/errors";
import {
  deliveryListQuerySchema,
  deliveryListSchema,
  deliverySchema,
  endpointCreateBodySchema,
  endpointListSchema,
  endpointSchema,
  endpointUpdateBodySchema,
  endpointWithSecretSchema,
  recoverBodySchema,
  recoveredSchema,
  rotateSecretBodySchema,
} from "@/lib/dashboard/contract/forwarding-api";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "@/lib/dashboard/forwarding/endpoints";
import { listDeliveries, recoverDeliveries, resendDelivery, sendTestEvent } from "@/lib/dashboard/forwarding/deliveries";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { pathId } from "@/lib/http/route-params";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// Webhook forwarding (/api/forwarding, admins and operators): endpoints of the affiliate's own
// systems, signed per Standard Webhooks, and their deliveries. Every change is in the audit log;
// one that sets a URL or a secret asks for step-up.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const tag = "forwarding";
const endpointId = { id: "Endpoint UUID" };
const signing =
  "Each delivery is a POST of the service's original JSON body, byte for byte, with the Standard Webhooks headers " +
  "`webhook-id` (the same on every attempt of a delivery: deduplicate by it), `webhook-timestamp` (unix seconds) and " +
  "`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's base64 key; two, " +
  "separated by a space, during a rotation's overlap). A 2xx within 15 s delivers it; otherwise it is tried again after " +
  "5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint whose every attempt fails for 5 days is disabled.";

// GET /api/forwarding/endpoints – the tenant's forwarding endpoints with their health
export const listForwardingEndpoints = endpoint({
  method: "GET",
  path: "/forwarding/endpoints",
  access: settingsRoles,
  doc: {
    operationId: "listForwardingEndpoints",
    summary: "The tenant's forwarding endpoints",
    description: "Each with its health: success rate over 24 hours, last success, the start of a streak of failures, deliveries waiting.",
    tag,
    success: { status: 200, description: "The endpoints", schema: endpointListSchema },
    errors: read,
  },
  handler: async ({ db, tenant }) => Response.json({ data: await listEndpoints(db, tenant) }),
});

// POST /api/forwarding/endpoints – a new endpoint; its signing secret is in this answer only
export const createForwardingEndpoint = endpoint({
  method: "POST",
  path: "/forwarding/endpoints",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.create", stepUp: true },
  body: {
    schema: endpointCreateBodySchema,
    example: { url: "https://example.com/hooks", description: "Backend", event_types: ["exchange.settled"] },
  },
  doc: {
    operationId: "createForwardingEndpoint",
    summary: "Add a forwarding endpoint",
    description:
      "Every webhook stored from now on whose type it wants is forwarded to it. The URL must be https in production and " +
      "must not be, or resolve to, a private, loopback, link-local or metadata address (400 forwarding_url_refused). " +
      `The answer holds the signing secret, shown this once. ${signing}`,
    tag,
    success: { status: 201, description: "The endpoint and its secret", schema: endpointWithSecretSchema },
    errors: [...mutation, "forwarding_url_refused", "conflict"],
  },
  handler: async ({ db, tenant, audit, body }) => {
    audit.target = body.url;
    const created = await createEndpoint(db, tenant, body);
    audit.target = `${created.id} ${created.url}`;
    return Response.json(created, { status: 201 });
  },
});

// GET /api/forwarding/endpoints/{id} – one endpoint with its health
export const getForwardingEndpoint = endpoint({
  method: "GET",
  path: "/forwarding/endpoints/{id}",
  access: settingsRoles,
  ids: { id: "forwarding endpoint" },
  doc: {
    operationId: "getForwardingEndpoint",
    summary: "A forwarding endpoint",
    description: "The endpoint with its health.",
    tag,
    pathParams: endpointId,
    success: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, ids }) => Response.json(await getEndpoint(db, tenant, ids.id)),
});

// PATCH /api/forwarding/endpoints/{id} – its URL, description, event types, or enabled
export const updateForwardingEndpoint = endpoint({
  method: "PATCH",
  path: "/forwarding/endpoints/{id}",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.update", stepUp: true, auditTarget: "id" },
  ids: { id: "forwarding endpoint" },
  body: { schema: endpointUpdateBodySchema, example: { enabled: true } },
  doc: {
    operationId: "updateForwardingEndpoint",
    summary: "Change a forwarding endpoint",
    description:
      "Its URL (checked as at creation), description, event types, or enabled. Enabling a disabled endpoint starts its 5 days afresh.",
    tag,
    pathParams: endpointId,
    success: { status: 200, description: "The endpoint now", schema: endpointSchema },
    errors: [...mutation, "not_found", "forwarding_url_refused"],
  },
  handler: async ({ db, tenant, audit, ids, body }) => {
    audit.target = ids.id;
    return Response.json(await updateEndpoint(db, tenant, ids.id, body));
  },
});

// DELETE /api/forwarding/endpoints/{id} – the endpoint, its deliveries and their attempts
export const deleteForwardingEndpoint = endpoint({
  method: "DELETE",
  path: "/forwarding/endpoints/{id}",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.delete" },
  ids: { id: "forwarding endpoint" },
  doc: {
    operationId: "deleteForwardingEndpoint",
    summary: "Delete a forwarding endpoint",
    description: "With its deliveries and their attempts.",
    tag,
    pathParams: endpointId,
    success: { status: 204, description: "Deleted" },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, audit, ids }) => {
    audit.target = ids.id;
    await deleteEndpoint(db, tenant, ids.id);
    return new Response(null, { status: 204 });
  },
});

// POST /api/forwarding/endpoints/{id}/rotate-secret – a new secret, shown once; deliveries carry
// a signature with the old one too for overlap_hours (24 by default)
export const rotateForwardingSecret = endpoint({
  method: "POST",
  path: "/forwarding/endpoints/{id}/rotate-secret",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.rotate_secret", stepUp: true, auditTarget: "id" },
  ids: { id: "forwarding endpoint" },
  body: { schema: rotateSecretBodySchema, example: { overlap_hours: 24 } },
  doc: {
    operationId: "rotateForwardingSecret",
    summary: "Rotate an endpoint's signing secret",
    description:
      "A new secret, shown this once. For `overlap_hours` (24 by default) every delivery carries two signatures, one per " +
      "secret, so that the receiver can switch over without losing one.",
    tag,
    pathParams: endpointId,
    success: { status: 200, description: "The endpoint and its new secret", schema: endpointWithSecretSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, audit, ids, body }) => {
    audit.target = ids.id;
    return Response.json(await rotateEndpointSecret(db, tenant, ids.id, body.overlap_hours));
  },
});

// POST /api/forwarding/endpoints/{id}/test – a test event (type forwarding.test) sent now; the
// answer is its delivery after the first attempt (retried on the schedule like any other)
export const testForwardingEndpoint = endpoint({
  method: "POST",
  path: "/forwarding/endpoints/{id}/test",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.test" },
  ids: { id: "forwarding endpoint" },
  doc: {
    operationId: "testForwardingEndpoint",
    summary: "Send a test event",
    description: "An event of type `forwarding.test`, signed like any other, sent now. The answer is its delivery after the first attempt.",
    tag,
    pathParams: endpointId,
    success: { status: 201, description: "The test delivery", schema: deliverySchema },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, audit, ids }) => {
    audit.target = ids.id;
    return Response.json(await sendTestEvent(db, tenant, ids.id), { status: 201 });
  },
});

// GET /api/forwarding/endpoints/{id}/deliveries?status=&before=&limit= – newest first, each with its attempts
export const listForwardingDeliveries = endpoint({
  method: "GET",
  path: "/forwarding/endpoints/{id}/deliveries",
  access: settingsRoles,
  query: deliveryListQuerySchema,
  doc: {
    operationId: "listForwardingDeliveries",
    summary: "An endpoint's deliveries",
    description: "Newest first, each with every attempt: its status code or error, duration and the first 1 KiB of the answer.",
    tag,
    pathParams: endpointId,
    success: { status: 200, description: "A page of deliveries", schema: deliveryListSchema },
    errors: [...read, "not_found", "invalid_request"],
  },
  // The id is checked after the query (not in `ids`): a bad query is 400 whatever the id.
  handler: async ({ db, tenant, params, query }) =>
    Response.json(await listDeliveries(db, tenant, pathId("forwarding endpoint", params.id), query)),
});

// POST /api/forwarding/deliveries/{id}/resend – one more attempt now, whatever its status; the
// answer is the delivery after it
export const resendForwardingDelivery = endpoint({
  method: "POST",
  path: "/forwarding/deliveries/{id}/resend",
  access: { ...settingsRoles, mutation: "forwarding.delivery.resend" },
  ids: { id: "delivery" },
  doc: {
    operationId: "resendForwardingDelivery",
    summary: "Resend a delivery",
    description:
      "One more attempt now, with the same `webhook-id`, whatever the delivery's status. The answer is the delivery after it; " +
      "`conflict` while another attempt of it is under way.",
    tag,
    success: { status: 200, description: "The delivery", schema: deliverySchema },
    errors: [...read, "not_found", "conflict"],
  },
  handler: async ({ db, tenant, audit, ids }) => {
    audit.target = ids.id;
    return Response.json(await resendDelivery(db, tenant, ids.id));
  },
});

// POST /api/forwarding/endpoints/{id}/recover {since} – every delivery that failed for good since
// then is due again now, after an outage of the affiliate's system
export const recoverForwardingDeliveries = endpoint({
  method: "POST",
  path: "/forwarding/endpoints/{id}/recover",
  access: { ...settingsRoles, mutation: "forwarding.endpoint.recover" },
  ids: { id: "forwarding endpoint" },
  body: { schema: recoverBodySchema, example: { since: "2026-11-24T00:00:00Z" } },
  doc: {
    operationId: "recoverForwardingDeliveries",
    summary: "Recover failed deliveries",
    description: "Every delivery of the endpoint that failed for good since `since` is due again now (one more attempt each).",
    tag,
    pathParams: endpointId,
    success: { status: 200, description: "How many are due again", schema: recoveredSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, audit, ids, body }) => {
    audit.target = `${ids.id} since ${body.since}`;
    return Response.json({ recovered: await recoverDeliveries(db, tenant, ids.id, new Date(body.since)) });
  },
});

export const forwardingEndpoints = [
  listForwardingEndpoints,
  createForwardingEndpoint,
  getForwardingEndpoint,
  updateForwardingEndpoint,
  deleteForwardingEndpoint,
  rotateForwardingSecret,
  testForwardingEndpoint,
  listForwardingDeliveries,
  resendForwardingDelivery,
  recoverForwardingDeliveries,
];
