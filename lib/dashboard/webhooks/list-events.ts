import "server-only";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
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

// GET /api/webhook-events – the tenant's received webhooks, newest first
export async function listWebhookEvents(db: Db, tenantId: string, query: WebhookEventQuery): Promise<WebhookEventPage> {
  const filters: SQL[] = [eq(webhookEvents.tenantId, tenantId)];
  if (query.type) filters.push(eq(webhookEvents.eventType, query.type));
  if (query.exchange_id) filters.push(eq(webhookEvents.exchangeId, query.exchange_id.toLowerCase()));
  if (query.from) filters.push(gte(webhookEvents.receivedAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(webhookEvents.receivedAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  if (query.before) filters.push(lt(webhookEvents.seq, query.before));
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(and(...filters))
    .orderBy(desc(webhookEvents.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(item),
    next_before: rows.length > query.limit ? (page[page.length - 1]?.seq ?? null) : null,
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
