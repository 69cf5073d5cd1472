import "server-only";
import { and, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges } from "@/lib/db/schema";
import { afterCursor, decodeCursor, pageOf } from "@/lib/http/cursor";
import type { AttentionReason, ExchangeListItem, ExchangeListQuery, ExchangePage } from "@/lib/dashboard/contract/dashboard-api";
import { attentionCandidate, attentionReason } from "./attention";

/** An index row as lists show it: the snapshot when there is one, else what the webhook said. */
export function listItem(row: typeof exchanges.$inferSelect & { attention?: AttentionReason | null }): ExchangeListItem {
  return {
    ...(row.attention ? { attention: row.attention } : {}),
    id: row.id,
    order_id: row.orderId,
    state: row.state,
    first_seen_at: row.firstSeenAt.toISOString(),
    refreshed_at: row.fetchedAt?.toISOString() ?? null,
    exchange: row.snapshot,
  } satisfies ExchangeListItem;
}

type Query = Pick<ExchangeListQuery, "limit"> &
  Partial<ExchangeListQuery> & {
    /** Exports: only exchanges counted in [from, to) (executed then, or first seen then if never executed). */
    counted?: { from: SQL; to: SQL };
  };
/** With ?attention=1: now on our clock and on the service's. */
type Clocks = { now: Date; serviceNow: Date };

// GET /api/exchanges – the tenant's indexed exchanges, newest first
export async function listExchanges(db: Db, tenantId: string, query: Query, clocks?: Clocks): Promise<ExchangePage> {
  const { rows, next_cursor } = await exchangeRows(db, tenantId, query, clocks);
  return { data: rows.map(listItem), next_cursor } satisfies ExchangePage;
}

/** A newest-first page of index rows of one tenant, or of every tenant (null). */
export async function exchangeRows(db: Db, tenantId: string | null, query: Query, clocks?: Clocks) {
  const after = decodeCursor(query.cursor ?? null);
  const filters: SQL[] = tenantId ? [eq(exchanges.tenantId, tenantId)] : [];
  if (query.state) filters.push(eq(exchanges.state, query.state));
  if (query.order_id) filters.push(eq(exchanges.orderId, query.order_id));
  if (query.pair) filters.push(eq(exchanges.pair, query.pair));
  if (query.type) filters.push(eq(exchanges.type, query.type));
  if (query.counted) {
    const counted = sql`COALESCE(${exchanges.executedAt}, ${exchanges.firstSeenServiceAt}, ${exchanges.firstSeenAt})`;
    filters.push(sql`${counted} >= ${query.counted.from} AND ${counted} < ${query.counted.to}`);
  }
  const afterFilter = afterCursor(after, exchanges.firstSeenAt, exchanges.id);
  if (afterFilter) filters.push(afterFilter);
  // with ?attention=1 the list walks the partial index of what a rule can flag, in its order
  const reason = query.attention && clocks ? attentionReason(clocks.now, clocks.serviceNow) : sql<AttentionReason | null>`NULL`;
  if (query.attention) filters.push(attentionCandidate, sql`${reason} IS NOT NULL`);
  const rows = await db
    .select({ ...getTableColumns(exchanges), attention: reason })
    .from(exchanges)
    .where(and(...filters))
    .orderBy(desc(exchanges.firstSeenAt), desc(exchanges.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (r) => ({ at: r.firstSeenAt, id: r.id }));
  return { rows: page, next_cursor };
}
