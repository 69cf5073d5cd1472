import { z } from "zod";

// The dashboard API's received webhooks (/api/webhook-events), search (/api/search) and the
// exchanges that need attention: schemas the server builds with `satisfies` and the browser
// parses with.

const isoTimestamp = z.string().meta({ format: "date-time" });
const uuid = z.string().meta({ format: "uuid" });
const day = z.iso.date().meta({ description: "YYYY-MM-DD (UTC), inclusive" });

export const webhookEventQuerySchema = z.object({
  type: z.string().min(1).max(100).nullish().meta({ description: "Event type, e.g. exchange.settled" }),
  exchange_id: z.guid().nullish(),
  from: day.nullish(),
  to: day.nullish(),
  before: z.coerce.number().int().positive().nullish().meta({ description: "`next_before` of the previous page" }),
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: "Page size, 1 to 100" }),
});
export type WebhookEventQuery = z.infer<typeof webhookEventQuerySchema>;

export const webhookEventItemSchema = z.object({
  /** The tenant's event cursor. */
  seq: z.number().int(),
  event: z.string().nullable(),
  exchange_id: uuid.nullable(),
  order_id: uuid.nullable(),
  correlation_id: z.string().nullable(),
  retry_count: z.number().int().nullable(),
  received_at: isoTimestamp,
  /** Only events whose signature verified are stored; rejected ones are counted (GET /api/webhooks/rejections). */
  signature: z.literal("valid"),
});
export type WebhookEventItem = z.infer<typeof webhookEventItemSchema>;

export const webhookEventPageSchema = z.object({ data: z.array(webhookEventItemSchema), next_before: z.number().int().nullable() });
export type WebhookEventPage = z.infer<typeof webhookEventPageSchema>;

export const webhookEventDetailSchema = webhookEventItemSchema.extend({
  /** The request's headers as received (lower-case names), without Authorization, Proxy-Authorization and Cookie. */
  headers: z.record(z.string(), z.string()),
  /** The body exactly as received. */
  raw_body: z.string(),
});
export type WebhookEventDetail = z.infer<typeof webhookEventDetailSchema>;

export const webhookHealthSchema = z.object({
  /** Where the service must POST this tenant's webhooks. */
  webhook_url: z.string(),
  last_received_at: isoTimestamp.nullable(),
  last_event: z.string().nullable(),
  events_24h: z.number().int(),
  rejections_24h: z.number().int(),
});
export type WebhookHealth = z.infer<typeof webhookHealthSchema>;

// ---- search ----

export const searchQuerySchema = z.object({ q: z.string().trim().min(1, "Type something to look for").max(1000) });

export const searchResultSchema = z.object({
  /** What the text was taken for. */
  matched_as: z.enum(["id", "creditor_reference", "txid_or_payment_hash", "bitcoin_address", "invoice", "node_pubkey", "nothing"]),
  data: z.array(
    z.object({
      kind: z.enum(["order", "exchange"]),
      id: uuid,
      /** A short line saying what matched, e.g. "payout to tb1q…". */
      detail: z.string(),
      href: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
