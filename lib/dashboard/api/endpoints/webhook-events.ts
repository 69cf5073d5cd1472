import "server-only";
import { ApiError } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/request-origin";
import {
  webhookEventDetailSchema,
  webhookEventPageSchema,
  webhookEventQuerySchema,
  webhookHealthSchema,
} from "@/lib/dashboard/contract/events-api";
import { eventResentSchema } from "@/lib/dashboard/contract/forwarding-api";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import { listWebhookEvents, webhookEventDetail, webhookHealth } from "@/lib/dashboard/webhooks/list-events";
import { resendStoredEvent } from "@/lib/dashboard/forwarding/resend-event";
import { endpoint } from "../endpoint";

// The received-webhooks page: the webhooks stored for the tenant, one of them, forwarding one
// again, and whether the service reaches us. Refused webhooks are counted apart (GET /webhooks/rejections).

const tag = "events";
const seqParam = { seq: "The event's cursor (`seq`)" };

/** An event's cursor as the path gives it: a positive integer, else it names nothing (404). */
function seqOf(raw: string | undefined): number {
  const seq = /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : null;
  if (seq === null) throw new ApiError("not_found", "No such event");
  return seq;
}

// GET /api/webhook-events?type=&exchange_id=&range=&from=&to=&sort=&before=&after=&limit= – received webhooks
export const listEvents = endpoint({
  method: "GET",
  path: "/webhook-events",
  access: {},
  query: webhookEventQuerySchema,
  doc: {
    operationId: "listWebhookEvents",
    summary: "Received webhooks",
    description:
      "Every webhook stored for the tenant (its signature verified), newest first, by type, exchange and day. Refused ones " +
      "are counted apart: GET /webhooks/rejections.",
    tag,
    success: { status: 200, description: "A page of received webhooks", schema: webhookEventPageSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  handler: async ({ db, tenant, query }) => Response.json(await listWebhookEvents(db, tenant, query)),
});

// GET /api/webhook-events/{seq} – one received webhook with the headers kept and its raw body
export const getEvent = endpoint({
  method: "GET",
  path: "/webhook-events/{seq}",
  access: {},
  doc: {
    operationId: "getWebhookEvent",
    summary: "One received webhook",
    description: "With the headers the receiver kept (User-Agent, X-Correlation-Id, X-Retry-Count) and the body exactly as received.",
    tag,
    pathParams: seqParam,
    success: { status: 200, description: "The webhook", schema: webhookEventDetailSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, tenant, params }) => Response.json(await webhookEventDetail(db, tenant.id, seqOf(params.seq))),
});

// POST /api/webhook-events/{seq}/resend – the stored webhook forwarded again to every enabled
// forwarding endpoint that wants its type (a new delivery each)
export const resendEvent = endpoint({
  method: "POST",
  path: "/webhook-events/{seq}/resend",
  access: { mutation: "forwarding.event.resend" },
  doc: {
    operationId: "resendWebhookEvent",
    summary: "Forward a received webhook again",
    description:
      "The stored webhook is queued again for every enabled forwarding endpoint that wants its type, as a new delivery " +
      "with its own `webhook-id`; the answer says how many. The command line's `events resend` calls it.",
    tag,
    pathParams: seqParam,
    success: { status: 200, description: "The event and the deliveries queued", schema: eventResentSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, tenant, params, audit }) => {
    const seq = seqOf(params.seq);
    audit.target = String(seq);
    return Response.json(await resendStoredEvent(db, tenant, seq));
  },
});

// GET /api/webhook-events/health – the URL to register, the last event, rejections in 24 h
export const getHealth = endpoint({
  method: "GET",
  path: "/webhook-events/health",
  access: {},
  doc: {
    operationId: "getWebhookHealth",
    summary: "Is the service reaching us",
    description: "The URL to register with the service, the last event received, and how many were received and refused in 24 h.",
    tag,
    success: { status: 200, description: "The endpoint's health", schema: webhookHealthSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ req, db, tenant }) => Response.json(await webhookHealth(db, tenant.id, webhookUrl(requestOrigin(req), tenant))),
});

export const webhookEventEndpoints = [listEvents, getEvent, resendEvent, getHealth];
