import * as z from "zod/mini";
import { rangeAndSortQuery, sortColumns, totalFields } from "./lists-api";

// The dashboard API's forwarding (/api/forwarding/...): endpoints of the affiliate's own systems
// that every stored webhook is handed to, signed per Standard Webhooks, with their delivery log.
// Bodies the server builds with `satisfies` and the browser parses with the same schemas.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

/** The service's event types an endpoint may ask for, and the type of a test event. */
export const forwardedEventTypes = ["exchange.executed", "exchange.interrupted", "exchange.refunded", "exchange.settled"] as const;
export const TEST_EVENT_TYPE = "forwarding.test";

const url = z
  .string()
  .check(z.trim(), z.minLength(1, "A URL"), z.maxLength(2048))
  .check(
    z.meta({
      description: "Where webhooks are POSTed: https in production, never a private address",
      example: "https://example.com/hooks",
    }),
  );
const description = z.string().check(z.trim(), z.maxLength(200));
const eventTypes = z
  .nullable(z.array(z.enum(forwardedEventTypes)).check(z.minLength(1, "At least one event type, or null for all"), z.maxLength(10)))
  .check(z.meta({ description: "The event types it receives; null (or absent) for all" }));

export const endpointCreateBodySchema = z.strictObject({
  url,
  description: z.optional(description),
  event_types: z.optional(eventTypes),
});
export type EndpointCreateBody = z.infer<typeof endpointCreateBodySchema>;

export const endpointUpdateBodySchema = z
  .strictObject({
    url: z.optional(url),
    description: z.optional(description),
    event_types: z.optional(eventTypes),
    enabled: z.optional(z.boolean()),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, { message: "Send url, description, event_types or enabled" }));
export type EndpointUpdateBody = z.infer<typeof endpointUpdateBodySchema>;

export const rotateSecretBodySchema = z.strictObject({
  overlap_hours: z
    .optional(z.number().check(z.int(), z.minimum(0), z.maximum(168)))
    .check(z.meta({ description: "How long deliveries also carry a signature with the old secret (0 to 168, 24 by default)" })),
});

export const recoverBodySchema = z.strictObject({
  since: isoTimestamp.check(z.refine((v) => !Number.isNaN(Date.parse(v)), { message: "An ISO 8601 time" })),
});

export const endpointHealthSchema = z.object({
  /** Attempts of the last 24 hours that got a 2xx, 0 to 1; null without attempts. */
  success_rate_24h: z.nullable(z.number()),
  attempts_24h: z.number(),
  last_success_at: z.nullable(isoTimestamp),
  /** The first failed attempt since the last success. */
  failing_since: z.nullable(isoTimestamp),
  /** Deliveries waiting for their next attempt. */
  pending: z.number(),
});

export const endpointSchema = z.object({
  id: uuid,
  url: z.string(),
  description: z.string(),
  event_types: z.nullable(z.array(z.string())),
  enabled: z.boolean(),
  /** Why it was disabled by the dashboard (every attempt failed for 5 days); null otherwise. */
  disabled_reason: z.nullable(z.string()),
  disabled_at: z.nullable(isoTimestamp),
  /** Until when deliveries also carry a signature with the previous secret. */
  previous_secret_expires_at: z.nullable(isoTimestamp),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  health: endpointHealthSchema,
});
export type Endpoint = z.infer<typeof endpointSchema>;
export const endpointListSchema = z.object({ data: z.array(endpointSchema) });

/** An endpoint with its signing secret: answered once, at creation and at each rotation. */
export const endpointWithSecretSchema = z.object({
  ...endpointSchema.shape,
  secret: z.string().check(z.meta({ description: "whsec_ and the base64 key; shown this once" })),
});
export type EndpointWithSecret = z.infer<typeof endpointWithSecretSchema>;

export const attemptSchema = z.object({
  attempt: z.number(),
  started_at: isoTimestamp,
  duration_ms: z.number(),
  status_code: z.nullable(z.number()),
  error: z.nullable(z.string()),
  /** The first 1 KiB of the endpoint's answer. */
  response_body: z.nullable(z.string()),
});

export const deliverySchema = z.object({
  id: uuid,
  /** The webhook-id header: the same on every attempt, for the receiver to deduplicate. */
  webhook_id: z.string(),
  event_type: z.string(),
  /** The event's cursor in the dashboard's store; null for a test event. */
  event_seq: z.nullable(z.number()),
  /** pending (waiting for an attempt), delivered, or failed (every attempt used, or the endpoint disabled). */
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  next_attempt_at: z.nullable(isoTimestamp),
  last_error: z.nullable(z.string()),
  created_at: isoTimestamp,
  attempt_log: z.array(attemptSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = z.object({
  status: z.nullish(z.enum(["pending", "delivered", "failed"])),
  before: z.nullish(z.string().check(z.maxLength(300))).check(z.meta({ description: "`next_before` of the previous page" })),
  limit: z.nullish(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  ...rangeAndSortQuery(sortColumns.deliveries),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuerySchema>;

export const deliveryListSchema = z.object({ data: z.array(deliverySchema), next_before: z.nullable(z.string()), ...totalFields });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const recoveredSchema = z.object({ recovered: z.number() });

/** POST /api/webhook-events/{seq}/resend: the event's cursor, and how many forwarding deliveries were queued for it. */
export const eventResentSchema = z.object({ seq: z.int(), forwarding_deliveries: z.int() });
export type EventResent = z.infer<typeof eventResentSchema>;
