import * as z from "zod/mini";
import { newestFirstPage } from "./dashboard-api";
import { rangeAndSortQuery, sortColumns, totalFields } from "./lists-api";

// The dashboard API's received webhooks (/api/webhook-events), search (/api/search) and the
// exchanges that need attention: schemas the server builds with `satisfies` and the browser
// parses with.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));
export const webhookEventQuerySchema = z.object({
  type: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(100)))
    .check(z.meta({ description: "Event type, e.g. exchange.settled" })),
  exchange_id: z.nullish(z.guid()),
  ...rangeAndSortQuery(sortColumns.events),
  ...newestFirstPage,
  after: z
    .nullish(z.coerce.number().check(z.int()).check(z.nonnegative()))
    .check(z.meta({ description: "`next_after` of the previous page (oldest first, sort=created)" })),
});
export type WebhookEventQuery = z.infer<typeof webhookEventQuerySchema>;

export const webhookEventItemSchema = z.object({
  /** The tenant's event cursor. */
  seq: z.int(),
  event: z.nullable(z.string()),
  exchange_id: z.nullable(uuid),
  order_id: z.nullable(uuid),
  correlation_id: z.nullable(z.string()),
  retry_count: z.nullable(z.int()),
  received_at: isoTimestamp,
  /** Only events whose signature verified are stored; rejected ones are counted (GET /api/webhooks/rejections). */
  signature: z.literal("valid"),
});
export type WebhookEventItem = z.infer<typeof webhookEventItemSchema>;

export const webhookEventPageSchema = z.object({
  data: z.array(webhookEventItemSchema),
  /** Newest first (sort=-created): the `before` of the next page; null on the last or oldest first. */
  next_before: z.nullable(z.int()),
  /** Oldest first (sort=created): the `after` of the next page; null on the last or newest first. */
  next_after: z.nullable(z.int()),
  ...totalFields,
});
export type WebhookEventPage = z.infer<typeof webhookEventPageSchema>;

export const webhookEventDetailSchema = z.extend(webhookEventItemSchema, {
  /** The request's headers as received (lower-case names), without Authorization, Proxy-Authorization and Cookie. */
  headers: z.record(z.string(), z.string()),
  /** The body exactly as received. */
  raw_body: z.string(),
});
export type WebhookEventDetail = z.infer<typeof webhookEventDetailSchema>;

export const webhookHealthSchema = z.object({
  /** Where the service must POST this tenant's webhooks. */
  webhook_url: z.string(),
  last_received_at: z.nullable(isoTimestamp),
  last_event: z.nullable(z.string()),
  events_24h: z.int(),
  rejections_24h: z.int(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

// ---- search ----

export const searchQuerySchema = z.object({
  q: z.string().check(z.trim()).check(z.minLength(1, "Type something to look for")).check(z.maxLength(1000)),
});

export { searchResultSchema, type SearchResult } from "./shell-api";
