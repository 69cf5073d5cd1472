import "server-only";
import { and, asc, eq, gt, gte, lte } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { eventCursors, webhookEvents } from "@/lib/db/schema";
import type { StoredEvents, WebhookNotice } from "@/lib/dashboard/contract/dashboard-api";

/** The channel a commit of stored webhooks is announced on (lib/dashboard/webhooks/store-event.ts); the bus listens to it. */
export const CHANNEL = "dashboard_events";

type Row = typeof webhookEvents.$inferSelect;

export function noticeOf(row: Pick<Row, "seq" | "tenantId" | "eventType" | "exchangeId" | "orderId" | "receivedAt">): WebhookNotice {
  return {
    kind: "webhook",
    tenant_id: row.tenantId,
    seq: row.seq,
    event: row.eventType,
    exchange_id: row.exchangeId,
    order_id: row.orderId,
    received_at: row.receivedAt.toISOString(),
  };
}

const noticeColumns = {
  seq: webhookEvents.seq,
  tenantId: webhookEvents.tenantId,
  eventType: webhookEvents.eventType,
  exchangeId: webhookEvents.exchangeId,
  orderId: webhookEvents.orderId,
  receivedAt: webhookEvents.receivedAt,
};

/** Stored events of a tenant after a cursor, oldest first (SSE resume). */
export async function eventsAfter(db: Db, tenantId: string, afterSeq: number, limit: number): Promise<WebhookNotice[]> {
  const rows = await db
    .select(noticeColumns)
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), gt(webhookEvents.seq, afterSeq)))
    .orderBy(asc(webhookEvents.seq))
    .limit(limit);
  return rows.map(noticeOf);
}

/** Stored events of a tenant with cursors in [first, last], oldest first (the bus, after a signal). */
export async function eventsBetween(db: Db, tenantId: string, first: number, last: number): Promise<WebhookNotice[]> {
  const rows = await db
    .select(noticeColumns)
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), gte(webhookEvents.seq, first), lte(webhookEvents.seq, last)))
    .orderBy(asc(webhookEvents.seq));
  return rows.map(noticeOf);
}

function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

// GET /api/exchanges/{id}/events – every stored event of the exchange, oldest first
export async function eventsOfExchange(db: Db, tenantId: string, exchangeId: string): Promise<StoredEvents> {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), eq(webhookEvents.exchangeId, exchangeId)))
    .orderBy(asc(webhookEvents.seq));
  return {
    data: rows.map((row) => ({
      seq: row.seq,
      event: row.eventType,
      received_at: row.receivedAt.toISOString(),
      correlation_id: row.correlationId,
      retry_count: row.retryCount,
      user_agent: row.userAgent,
      body: parseBody(row.rawBody),
    })),
  } satisfies StoredEvents;
}

/** The tenant's latest cursor (0 before its first event): where a new stream's catch-ups start. */
export async function latestSeq(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ seq: eventCursors.seq }).from(eventCursors).where(eq(eventCursors.tenantId, tenantId));
  return row?.seq ?? 0;
}
