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
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of webhook forwarding (/api/forwarding, admins and operators): endpoints of
// the affiliate's own systems, signed per Standard Webhooks, and their deliveries.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const op = (o: Omit<Operation, "tag">): Operation => ({ ...o, tag: "forwarding" });
const signing =
  "Each delivery is a POST of the service's original JSON body, byte for byte, with the Standard Webhooks headers " +
  "`webhook-id` (the same on every attempt of a delivery: deduplicate by it), `webhook-timestamp` (unix seconds) and " +
  "`webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's base64 key; two, " +
  "separated by a space, during a rotation's overlap). A 2xx within 15 s delivers it; otherwise it is tried again after " +
  "5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. An endpoint whose every attempt fails for 5 days is disabled.";

export const forwardingOperations: Operation[] = [
  op({
    method: "get",
    path: "/forwarding/endpoints",
    operationId: "listForwardingEndpoints",
    summary: "The tenant's forwarding endpoints",
    description: "Each with its health: success rate over 24 hours, last success, the start of a streak of failures, deliveries waiting.",
    success: { status: 200, description: "The endpoints", schema: endpointListSchema },
    errors: read,
  }),
  op({
    method: "post",
    path: "/forwarding/endpoints",
    operationId: "createForwardingEndpoint",
    summary: "Add a forwarding endpoint",
    description:
      "Every webhook stored from now on whose type it wants is forwarded to it. The URL must be https in production and " +
      "must not be, or resolve to, a private, loopback, link-local or metadata address (400 forwarding_url_refused). " +
      `The answer holds the signing secret, shown this once. ${signing}`,
    body: {
      schema: endpointCreateBodySchema,
      example: { url: "https://example.com/hooks", description: "Backend", event_types: ["exchange.settled"] },
    },
    success: { status: 201, description: "The endpoint and its secret", schema: endpointWithSecretSchema },
    errors: [...mutation, "forwarding_url_refused", "conflict"],
  }),
  op({
    method: "get",
    path: "/forwarding/endpoints/{id}",
    operationId: "getForwardingEndpoint",
    summary: "A forwarding endpoint",
    description: "The endpoint with its health.",
    pathParams: { id: "Endpoint UUID" },
    success: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...read, "not_found"],
  }),
  op({
    method: "patch",
    path: "/forwarding/endpoints/{id}",
    operationId: "updateForwardingEndpoint",
    summary: "Change a forwarding endpoint",
    description:
      "Its URL (checked as at creation), description, event types, or enabled. Enabling a disabled endpoint starts its 5 days afresh.",
    pathParams: { id: "Endpoint UUID" },
    body: { schema: endpointUpdateBodySchema, example: { enabled: true } },
    success: { status: 200, description: "The endpoint now", schema: endpointSchema },
    errors: [...mutation, "not_found", "forwarding_url_refused"],
  }),
  op({
    method: "delete",
    path: "/forwarding/endpoints/{id}",
    operationId: "deleteForwardingEndpoint",
    summary: "Delete a forwarding endpoint",
    description: "With its deliveries and their attempts.",
    pathParams: { id: "Endpoint UUID" },
    success: { status: 204, description: "Deleted" },
    errors: [...read, "not_found"],
  }),
  op({
    method: "post",
    path: "/forwarding/endpoints/{id}/rotate-secret",
    operationId: "rotateForwardingSecret",
    summary: "Rotate an endpoint's signing secret",
    description:
      "A new secret, shown this once. For `overlap_hours` (24 by default) every delivery carries two signatures, one per " +
      "secret, so that the receiver can switch over without losing one.",
    pathParams: { id: "Endpoint UUID" },
    body: { schema: rotateSecretBodySchema, example: { overlap_hours: 24 } },
    success: { status: 200, description: "The endpoint and its new secret", schema: endpointWithSecretSchema },
    errors: [...mutation, "not_found"],
  }),
  op({
    method: "post",
    path: "/forwarding/endpoints/{id}/test",
    operationId: "testForwardingEndpoint",
    summary: "Send a test event",
    description: "An event of type `forwarding.test`, signed like any other, sent now. The answer is its delivery after the first attempt.",
    pathParams: { id: "Endpoint UUID" },
    success: { status: 201, description: "The test delivery", schema: deliverySchema },
    errors: [...read, "not_found"],
  }),
  op({
    method: "get",
    path: "/forwarding/endpoints/{id}/deliveries",
    operationId: "listForwardingDeliveries",
    summary: "An endpoint's deliveries",
    description: "Newest first, each with every attempt: its status code or error, duration and the first 1 KiB of the answer.",
    pathParams: { id: "Endpoint UUID" },
    query: deliveryListQuerySchema,
    success: { status: 200, description: "A page of deliveries", schema: deliveryListSchema },
    errors: [...read, "not_found", "invalid_request"],
  }),
  op({
    method: "post",
    path: "/forwarding/deliveries/{id}/resend",
    operationId: "resendForwardingDelivery",
    summary: "Resend a delivery",
    description:
      "One more attempt now, with the same `webhook-id`, whatever the delivery's status. The answer is the delivery after it; " +
      "`conflict` while another attempt of it is under way.",
    pathParams: { id: "Delivery UUID" },
    success: { status: 200, description: "The delivery", schema: deliverySchema },
    errors: [...read, "not_found", "conflict"],
  }),
  op({
    method: "post",
    path: "/forwarding/endpoints/{id}/recover",
    operationId: "recoverForwardingDeliveries",
    summary: "Recover failed deliveries",
    description: "Every delivery of the endpoint that failed for good since `since` is due again now (one more attempt each).",
    pathParams: { id: "Endpoint UUID" },
    body: { schema: recoverBodySchema, example: { since: "2026-11-24T00:00:00Z" } },
    success: { status: 200, description: "How many are due again", schema: recoveredSchema },
    errors: [...mutation, "not_found"],
  }),
];
