import "server-only";
import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookEvents, webhookRejections } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type {
  WebhookEventDetail,
  WebhookEventItem,
  WebhookEventPage,
  WebhookEventQuery,
  WebhookHealth,
} from "@/lib/dashboard/contract/events-api";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { cappedCount, inRange, rangeAndSort } from "@/lib/dashboard/lists/keyset";

type Row = typeof webhookEvents.$inferSelect;
const DAY_MS = 86_400_000;

function item(row: Row): WebhookEventItem {
  return {
    seq: row.seq,
    event: row.eventType,
    exchange_id: row.exchangeId,
    order_id: row.orderId,
    correlation_id: row.correlationId,
    retry_count: row.retryCount,
    received_at: row.receivedAt.toISOString(),
    signature: "valid",
  } satisfies WebhookEventItem;
}

// GET /api/webhook-events – the tenant's received webhooks in commit order (seq), newest first by default
export async function listWebhookEvents(
  db: Db,
  tenant: { id: string; timeZone: string },
  query: WebhookEventQuery,
): Promise<WebhookEventPage> {
  const { range, sort } = rangeAndSort(query, sortColumns.events, tenant.timeZone);
  const filters: SQL[] = [eq(webhookEvents.tenantId, tenant.id)];
  if (query.type) filters.push(eq(webhookEvents.eventType, query.type));
  if (query.exchange_id) filters.push(eq(webhookEvents.exchangeId, query.exchange_id.toLowerCase()));
  const within = inRange(webhookEvents.receivedAt, range);
  if (within) filters.push(within);
  const matching = and(...filters);
  // received_at follows seq (both are set as the event is stored): the range bounds the walk of (tenant, seq)
  const order = sort.descending ? desc(webhookEvents.seq) : asc(webhookEvents.seq);
  const past = sort.descending ? query.before && lt(webhookEvents.seq, query.before) : query.after && gt(webhookEvents.seq, query.after);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(webhookEvents)
      .where(and(matching, past || undefined))
      .orderBy(order)
      .limit(query.limit + 1),
    cappedCount(db, { from: webhookEvents, where: matching }),
  ]);
  const page = rows.slice(0, query.limit);
  const next = rows.length > query.limit ? (page.at(-1)?.seq ?? null) : null;
  return {
    data: page.map(item),
    next_before: sort.descending ? next : null,
    next_after: sort.descending ? null : next,
    ...total,
  } satisfies WebhookEventPage;
}

// GET /api/webhook-events/{seq} – one received webhook with its headers and raw body
export async function webhookEventDetail(db: Db, tenantId: string, seq: number): Promise<WebhookEventDetail> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), eq(webhookEvents.seq, seq)));
  if (!row) throw new ApiError("not_found", "No such event");
  // rows stored before the receiver kept every header show the three it kept then
  const headers: Record<string, string> = row.headers ?? {};
  if (!row.headers) {
    if (row.userAgent) headers["user-agent"] = row.userAgent;
    if (row.correlationId) headers["x-correlation-id"] = row.correlationId;
    if (row.retryCount !== null) headers["x-retry-count"] = String(row.retryCount);
  }
  return { ...item(row), headers, raw_body: row.rawBody } satisfies WebhookEventDetail;
}

// GET /api/webhook-events/health – is the service reaching us?
export async function webhookHealth(db: Db, tenantId: string, webhookUrl: string): Promise<WebhookHealth> {
  const since = new Date(Date.now() - DAY_MS);
  const [last] = await db
    .select({ at: webhookEvents.receivedAt, event: webhookEvents.eventType })
    .from(webhookEvents)
    .where(eq(webhookEvents.tenantId, tenantId))
    .orderBy(desc(webhookEvents.seq))
    .limit(1);
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), gte(webhookEvents.receivedAt, since)));
  // rejections are counted per hour: the hours that began in the last 24 h
  const [rejected] = await db
    .select({ n: sql<number>`coalesce(sum(${webhookRejections.count}), 0)::int` })
    .from(webhookRejections)
    .where(and(eq(webhookRejections.tenantId, tenantId), gte(webhookRejections.lastAt, since)));
  return {
    webhook_url: webhookUrl,
    last_received_at: last?.at.toISOString() ?? null,
    last_event: last?.event ?? null,
    events_24h: events?.n ?? 0,
    rejections_24h: rejected?.n ?? 0,
  } satisfies WebhookHealth;
}
