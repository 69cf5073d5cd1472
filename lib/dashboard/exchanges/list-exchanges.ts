import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges } from "@/lib/db/schema";
import type { AttentionReason, ExchangeListItem, ExchangeListQuery, ExchangePage } from "@/lib/dashboard/contract/dashboard-api";
import type { DateRange, Sort } from "@/lib/dashboard/lists/date-range";
import { cappedCount, inRange, key, keysetRows, rangeAndSort, type SortKey } from "@/lib/dashboard/lists/keyset";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { attentionCandidate, attentionReason } from "./attention";

/** An index row as lists show it: the snapshot when there is one, else what the webhook said. */
export function listItem(row: typeof exchanges.$inferSelect & { attention?: AttentionReason | null }): ExchangeListItem {
  return {
    ...(row.attention ? { attention: row.attention } : {}),
    id: row.id,
    order_id: row.orderId,
    state: row.state,
    service_at: row.serviceAt.toISOString(),
    first_seen_at: row.firstSeenAt.toISOString(),
    refreshed_at: row.fetchedAt?.toISOString() ?? null,
    exchange: row.snapshot,
  } satisfies ExchangeListItem;
}

export type ExchangeSort = Sort<(typeof sortColumns.exchanges)[number]>;

/**
 * What each sort orders by, then the id: the columns of an index each (lib/db/schema/dashboard.ts).
 * `created` is the exchange's time on the service (service_at), which the range filters on too.
 * An exchange never executed sorts below every executed one, and one without a snapshot (no
 * amount yet) below every amount.
 */
export const exchangeSortKeys: Record<ExchangeSort["column"], SortKey[]> = {
  created: [key(exchanges.serviceAt, "timestamptz"), key(exchanges.id, "uuid")],
  executed: [key(sql`COALESCE(${exchanges.executedAt}, '-infinity'::timestamptz)`, "timestamptz"), key(exchanges.id, "uuid")],
  amount: [key(sql`COALESCE((${exchanges.snapshot} ->> 'amount')::numeric, -1)`, "numeric"), key(exchanges.id, "uuid")],
  state: [key(exchanges.state, "text"), key(exchanges.serviceAt, "timestamptz"), key(exchanges.id, "uuid")],
};

type Query = Pick<ExchangeListQuery, "limit"> &
  Partial<ExchangeListQuery> & {
    /** Exports: only exchanges of [from, to) on the service (service_at), the days reports count them on. */
    counted?: { from: SQL; to: SQL };
    /** Only exchanges of these days on the service (service_at). */
    within?: DateRange | null;
    /** Newest first unless said otherwise. */
    sorted?: ExchangeSort;
  };
/** With ?attention=1: now on our clock and on the service's. */
type Clocks = { now: Date; serviceNow: Date };

// GET /api/exchanges – the tenant's indexed exchanges in the sort asked for, with their count
export async function listExchanges(
  db: Db,
  tenant: { id: string; timeZone: string },
  query: ExchangeListQuery,
  clocks?: Clocks,
): Promise<ExchangePage> {
  // dated by the service (service_at): a preset's days are counted back from the service's today
  const { range, sort } = rangeAndSort(query, sortColumns.exchanges, tenant.timeZone, clocks?.serviceNow);
  const asked = { ...query, within: range, sorted: sort };
  const [{ rows, next_cursor }, total] = await Promise.all([
    exchangeRows(db, tenant.id, asked, clocks),
    cappedCount(db, { from: exchanges, where: and(...exchangeFilters(tenant.id, asked, clocks)) }),
  ]);
  return { data: rows.map(listItem), next_cursor, ...total } satisfies ExchangePage;
}

/** The conditions of the query's filters and range (not of its cursor). */
function exchangeFilters(tenantId: string | null, query: Query, clocks?: Clocks): SQL[] {
  const filters: SQL[] = tenantId ? [eq(exchanges.tenantId, tenantId)] : [];
  if (query.state) filters.push(eq(exchanges.state, query.state));
  if (query.order_id) filters.push(eq(exchanges.orderId, query.order_id));
  if (query.pair) filters.push(eq(exchanges.pair, query.pair));
  if (query.type) filters.push(eq(exchanges.type, query.type));
  if (query.counted) {
    filters.push(sql`${exchanges.serviceAt} >= ${query.counted.from} AND ${exchanges.serviceAt} < ${query.counted.to}`);
  }
  const within = inRange(exchanges.serviceAt, query.within ?? null);
  if (within) filters.push(within);
  if (query.attention) filters.push(attentionCandidate, sql`${attentionOf(query, clocks)} IS NOT NULL`);
  return filters;
}

// with ?attention=1 the list walks the partial index of what a rule can flag, in its order
const attentionOf = (query: Query, clocks?: Clocks) =>
  query.attention && clocks ? attentionReason(clocks.now, clocks.serviceNow) : sql<AttentionReason | null>`NULL`;

/** A page of index rows of one tenant, or of every tenant (null), newest first unless sorted otherwise. */
export async function exchangeRows(db: Db, tenantId: string | null, query: Query, clocks?: Clocks) {
  const sort = query.sorted ?? { column: "created", descending: true };
  return keysetRows(db, {
    from: exchanges,
    extra: { attention: attentionOf(query, clocks) },
    where: and(...exchangeFilters(tenantId, query, clocks)),
    keys: exchangeSortKeys[sort.column],
    sort,
    cursor: query.cursor,
    limit: query.limit,
  });
}
