// Webhooks the dashboard received: every stored event under its tenant's cursor, the cursors,
// and the refused ones counted per endpoint, reason and hour (docs/architecture.md#data).
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { ofTenant } from "./dashboard";

export const webhookEvents = pgTable(
  "webhook_events",
  {
    /** Internal row id; clients see seq. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    /** The tenant's event cursor: its order is commit order (see store-event.ts). */
    seq: bigint("seq", { mode: "number" }).notNull(),
    bodySha256: text("body_sha256").notNull(),
    rawBody: text("raw_body").notNull(),
    eventType: text("event_type"),
    exchangeId: uuid("exchange_id"),
    orderId: uuid("order_id"),
    correlationId: text("correlation_id"),
    retryCount: integer("retry_count"),
    userAgent: text("user_agent"),
    /** The request's headers as received, credentials left out (see receive-webhook.ts); null on rows older than it. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    ofTenant("webhook_events", t.tenantId),
    // the deduplication of store-event.ts (ON CONFLICT) rests on this constraint
    unique("webhook_events_tenant_id_body_sha256_key").on(t.tenantId, t.bodySha256),
    uniqueIndex("webhook_events_tenant_seq").on(t.tenantId, t.seq),
    index("webhook_events_tenant_exchange").on(t.tenantId, t.exchangeId, t.seq),
    // the list's range of days and its count (lib/dashboard/webhooks/list-events.ts)
    index("webhook_events_tenant_received").on(t.tenantId, t.receivedAt),
  ],
);

/** Per-tenant counter behind webhook_events.seq. */
export const eventCursors = pgTable(
  "event_cursors",
  {
    tenantId: uuid("tenant_id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull(),
  },
  (t) => [ofTenant("event_cursors", t.tenantId)],
);

/** Rejected webhooks, counted per endpoint, reason and hour, with the latest truncated sample. */
export const webhookRejections = pgTable(
  "webhook_rejections",
  {
    endpoint: text("endpoint").notNull(),
    reason: text("reason").notNull(),
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    tenantId: uuid("tenant_id"),
    count: integer("count").notNull(),
    firstAt: ts("first_at").notNull(),
    lastAt: ts("last_at").notNull(),
    lastCorrelationId: text("last_correlation_id"),
    sample: text("sample").notNull(),
  },
  (t) => [primaryKey({ name: "webhook_rejections_pkey", columns: [t.endpoint, t.reason, t.hour] })],
);
