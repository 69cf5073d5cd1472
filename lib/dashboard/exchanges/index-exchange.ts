import "server-only";
import { invalidate } from "@/lib/db/cache-bus";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, orders } from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { serviceTime } from "@/lib/service-api/client";
import type { Exchange } from "@/lib/service-api/schemas";
import { exchangeState } from "@/lib/service-api/exchange-state";
import { paymentHashOf } from "@/lib/lightning/invoice";
import { retryingConflicts } from "@/lib/db/availability";
import { logger } from "@/lib/log";

const log = logger("exchanges");

/**
 * Whether the tenant's index holds the exchange ("indexed") or not ("unknown": the upstream, asked
 * with the tenant's credentials, decides). Exchanges are indexed per tenant from webhooks, which
 * must not decide anything for another tenant.
 */
export async function exchangeOwnership(db: Db, tenantId: string, id: string): Promise<"indexed" | "unknown"> {
  return (await isExchangeIndexed(db, tenantId, id)) ? "indexed" : "unknown";
}

/**
 * What stored webhooks tell the index, as common table expressions of the webhooks' store's
 * statement (lib/dashboard/webhooks/store-event.ts): `stored` names a query with the columns seq,
 * exchange_id, order_id, event_type, state, received_at and service_received_at. An exchange
 * heard of for the first time is added with the state its first event implies (a snapshot
 * replaces it), and each exchange named takes its newest event's type as its last announced.
 */
export function indexAnnouncedExchangesSql(tenantId: string, stored: SQL): SQL {
  return sql`
    latest AS (
      -- each exchange's furthest event of the statement: its type is the exchange's last announced
      SELECT DISTINCT ON (exchange_id) exchange_id, event_type FROM ${stored}
      WHERE exchange_id IS NOT NULL ORDER BY exchange_id, ${announcedRank(sql`event_type`)} DESC, seq DESC
    ), discovered AS (
      INSERT INTO exchanges (id, tenant_id, order_id, state, first_seen_at, first_seen_service_at, last_event_type)
      SELECT DISTINCT ON (s.exchange_id) s.exchange_id, ${tenantId}, s.order_id, s.state, s.received_at, s.service_received_at,
             latest.event_type
      FROM ${stored} s JOIN latest ON latest.exchange_id = s.exchange_id
      WHERE s.order_id IS NOT NULL AND s.state IS NOT NULL
      ORDER BY s.exchange_id, s.seq
      ON CONFLICT (tenant_id, id) DO NOTHING
    ), announced AS (
      -- exchanges indexed before this statement (the INSERT above only adds new ones)
      UPDATE exchanges x SET last_event_type = latest.event_type FROM latest
      WHERE x.tenant_id = ${tenantId} AND x.id = latest.exchange_id
        AND ${announcedRank(sql`latest.event_type`)} >= ${announcedRank(sql`x.last_event_type`)}
    )`;
}

/**
 * How far along its life an event announces an exchange: interrupted, then executed, then settled
 * or refunded (either is final). Deliveries may arrive out of order (a retry of `executed` after
 * `settled`): the exchange's last announced state is the furthest one, whatever came last.
 */
function announcedRank(eventType: SQL): SQL<number> {
  return sql<number>`(CASE ${eventType} WHEN 'exchange.interrupted' THEN 1 WHEN 'exchange.executed' THEN 2
    WHEN 'exchange.settled' THEN 3 WHEN 'exchange.refunded' THEN 3 ELSE 0 END)`;
}

/** The payment hash of the snapshot's payout invoice, decoded once here so that search reads an index. */
function invoiceHash(exchange: Exchange): string | null {
  const payout = exchange.payout as { invoice?: unknown } | null | undefined;
  return typeof payout?.invoice === "string" ? paymentHashOf(payout.invoice) : null;
}

/**
 * Stores the latest GET snapshot. The exchange state shown is always a snapshot's; a GET that
 * started before the stored one never replaces it, so nothing moves backwards.
 *
 * The first snapshot that shows the exchange executed also records its agreement: the
 * affiliate_id of the order as indexed now (refreshExchange fetches the order first). It is never
 * changed afterwards, whatever the order is patched to.
 */
export async function indexExchangeSnapshot(db: Db, tenant: Pick<Tenant, "id" | "baseUrl">, exchange: Exchange, fetchedAt: Date) {
  await indexExchangeSnapshots(db, tenant, [{ exchange, fetchedAt }]);
}

/** indexExchangeSnapshot for many exchanges in one statement (each id at most once). */
export async function indexExchangeSnapshots(
  db: Db,
  tenant: Pick<Tenant, "id" | "baseUrl">,
  snapshots: { exchange: Exchange; fetchedAt: Date }[],
) {
  if (snapshots.length === 0) return;
  const tenantId = tenant.id;
  const rows = snapshots.map(({ exchange, fetchedAt }) => {
    const executedAt = exchange.executed_on ? new Date(exchange.executed_on) : null;
    const ofOrder = and(eq(orders.id, exchange.order_id), eq(orders.tenantId, tenantId));
    return {
      id: exchange.id,
      tenantId,
      orderId: exchange.order_id,
      snapshot: exchange,
      state: exchangeState(exchange),
      pair: exchange.pair,
      type: exchange.type,
      firstSeenAt: fetchedAt,
      firstSeenServiceAt: serviceTime(tenant.baseUrl, fetchedAt.getTime()),
      fetchedAt,
      executedAt,
      affiliateId: executedAt
        ? sql<string | null>`(SELECT (${orders.snapshot}->>'affiliate_id')::uuid FROM ${orders} WHERE ${ofOrder})`
        : null,
      paymentHash: invoiceHash(exchange),
      // a row made here (before any webhook made it) starts from the latest webhook already stored
      lastEventType: sql<string | null>`(SELECT w.event_type FROM webhook_events w
        WHERE w.tenant_id = ${tenantId} AND w.exchange_id = ${exchange.id}
        ORDER BY ${announcedRank(sql`w.event_type`)} DESC, w.seq DESC LIMIT 1)`,
    };
  });
  const incoming = (column: string) => sql.raw(`excluded.${column}`);
  // its trigger locks the exchanges' daily figures after their rows, and a batch of webhooks
  // locks them in another order: the one PostgreSQL ends to break a deadlock is run again
  const upsert = () =>
    db
      .insert(exchanges)
      .values(rows)
      .onConflictDoUpdate({
        target: [exchanges.tenantId, exchanges.id],
        set: {
          snapshot: incoming("snapshot"),
          state: incoming("state"),
          pair: incoming("pair"),
          type: incoming("type"),
          fetchedAt: incoming("fetched_at"),
          executedAt: incoming("executed_at"),
          paymentHash: incoming("payment_hash"),
          affiliateId: sql`COALESCE(${exchanges.affiliateId}, excluded.affiliate_id)`,
          // a row the webhook made first may lack it (rows older than the column)
          firstSeenServiceAt: sql`COALESCE(${exchanges.firstSeenServiceAt}, excluded.first_seen_service_at)`,
        },
        setWhere: or(isNull(exchanges.fetchedAt), sql`${exchanges.fetchedAt} <= excluded.fetched_at`),
      });
  await retryingConflicts(upsert, (conflict, attempt) =>
    log.info({ tenant_id: tenantId, exchanges: rows.length, attempt, err: conflict }, "storing exchange snapshots failed; trying again"),
  );
  // the tenant's overview (lib/dashboard/overview/overview-cache.ts) shows what changed
  await invalidate(db, { cache: "overview", tenant_id: tenantId });
}

/**
 * Whether the tenant's own index holds the exchange. Rows are per tenant: what another tenant's
 * webhooks named says nothing about this one's, and the upstream decides whose an id is.
 */
export async function isExchangeIndexed(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.id, id)));
  return row !== undefined;
}

/**
 * Whether refreshExchange must GET the order before indexing this snapshot: the order is not
 * indexed yet, or the exchange is executed and its agreement not recorded (the order is then
 * read fresh, so a patch made since it was indexed counts).
 */
export async function needsOrder(db: Db, tenantId: string, exchange: Exchange): Promise<boolean> {
  if (exchange.executed_on !== null) {
    const [row] = await db
      .select({ affiliateId: exchanges.affiliateId })
      .from(exchanges)
      .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.id, exchange.id)));
    if (!row?.affiliateId) return true;
  }
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, exchange.order_id), eq(orders.tenantId, tenantId)));
  return order === undefined;
}
