import {
  searchQuerySchema,
  searchResultSchema,
  webhookEventDetailSchema,
  webhookEventPageSchema,
  webhookEventQuerySchema,
  webhookHealthSchema,
} from "@/lib/dashboard/contract/events-api";
import { eventResentSchema } from "@/lib/dashboard/contract/forwarding-api";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of the received-webhooks page's API and of the header's search.

export const eventOperations: Operation[] = [
  {
    method: "get",
    path: "/webhook-events",
    operationId: "listWebhookEvents",
    summary: "Received webhooks",
    description:
      "Every webhook stored for the tenant (its signature verified), newest first, by type, exchange and day. Refused ones " +
      "are counted apart: GET /webhooks/rejections.",
    tag: "events",
    query: webhookEventQuerySchema,
    success: { status: 200, description: "A page of received webhooks", schema: webhookEventPageSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  {
    method: "get",
    path: "/webhook-events/{seq}",
    operationId: "getWebhookEvent",
    summary: "One received webhook",
    description: "With the headers the receiver kept (User-Agent, X-Correlation-Id, X-Retry-Count) and the body exactly as received.",
    tag: "events",
    pathParams: { seq: "The event's cursor (`seq`)" },
    success: { status: 200, description: "The webhook", schema: webhookEventDetailSchema },
    errors: ["unauthorized", "not_found"],
  },
  {
    method: "post",
    path: "/webhook-events/{seq}/resend",
    operationId: "resendWebhookEvent",
    summary: "Forward a received webhook again",
    description:
      "The stored webhook is queued again for every enabled forwarding endpoint that wants its type, as a new delivery " +
      "with its own `webhook-id`; the answer says how many. The command line's `events resend` calls it.",
    tag: "events",
    pathParams: { seq: "The event's cursor (`seq`)" },
    success: { status: 200, description: "The event and the deliveries queued", schema: eventResentSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  {
    method: "get",
    path: "/webhook-events/health",
    operationId: "getWebhookHealth",
    summary: "Is the service reaching us",
    description: "The URL to register with the service, the last event received, and how many were received and refused in 24 h.",
    tag: "events",
    success: { status: 200, description: "The endpoint's health", schema: webhookHealthSchema },
    errors: ["unauthorized"],
  },
  {
    method: "get",
    path: "/search",
    operationId: "search",
    summary: "Find an order or exchange by what names it",
    description:
      "An order or exchange id, a creditor reference, a txid or payment hash, a bitcoin address, a Lightning invoice or a " +
      "node's public key: the text is taken for what it looks like (`matched_as`), and the tenant's matching objects listed.",
    tag: "orders",
    query: searchQuerySchema,
    success: { status: 200, description: "What the text was taken for, and the matches", schema: searchResultSchema },
    errors: ["unauthorized", "invalid_request", "upstream_unavailable", "upstream_invalid_response", "upstream_timeout"],
  },
];
