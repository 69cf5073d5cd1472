import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges } from "@/lib/db/schema";
import { afterCursor, decodeCursor, pageOf } from "@/lib/api/cursor";
import type { ExchangeListItem, ExchangeListQuery, ExchangePage } from "@/lib/contract/dashboard-api";

/** An index row as lists show it: the snapshot when there is one, else what the webhook said. */
function listItem(row: typeof exchanges.$inferSelect): ExchangeListItem {
  return {
    id: row.id,
    order_id: row.orderId,
    state: row.state,
    first_seen_at: row.firstSeenAt.toISOString(),
    refreshed_at: row.fetchedAt?.toISOString() ?? null,
    exchange: row.snapshot,
  } satisfies ExchangeListItem;
}

// GET /api/exchanges – the tenant's indexed exchanges, newest first
export async function listExchanges(
  db: Db,
  tenantId: string,
  query: Pick<ExchangeListQuery, "limit"> & Partial<ExchangeListQuery>,
): Promise<ExchangePage> {
  const after = decodeCursor(query.cursor ?? null);
  const filters: SQL[] = [eq(exchanges.tenantId, tenantId)];
  if (query.state) filters.push(eq(exchanges.state, query.state));
  if (query.order_id) filters.push(eq(exchanges.orderId, query.order_id));
  if (query.pair) filters.push(eq(exchanges.pair, query.pair));
  if (query.type) filters.push(eq(exchanges.type, query.type));
  const afterFilter = afterCursor(after, exchanges.firstSeenAt, exchanges.id);
  if (afterFilter) filters.push(afterFilter);
  const rows = await db
    .select()
    .from(exchanges)
    .where(and(...filters))
    .orderBy(desc(exchanges.firstSeenAt), desc(exchanges.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (r) => ({ at: r.firstSeenAt, id: r.id }));
  return { data: page.map(listItem), next_cursor } satisfies ExchangePage;
}
