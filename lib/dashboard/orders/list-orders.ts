import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import type { OrderListQuery, OrderPage } from "@/lib/dashboard/contract/dashboard-api";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import type { DateRange, Sort } from "@/lib/dashboard/lists/date-range";
import { cappedCount, inRange, key, keysetRows, rangeAndSort, type SortKey } from "@/lib/dashboard/lists/keyset";

export type OrderSort = Sort<(typeof sortColumns.orders)[number]>;

/** What each sort orders by, then the id: the columns of an index each (lib/db/schema/dashboard.ts). Active sorts above inactive. */
export const orderSortKeys: Record<OrderSort["column"], SortKey[]> = {
  created: [key(orders.createdOn, "timestamptz"), key(orders.id, "uuid")],
  state: [key(orders.active, "boolean"), key(orders.createdOn, "timestamptz"), key(orders.id, "uuid")],
};

type Query = Pick<OrderListQuery, "limit"> & Partial<OrderListQuery> & { within?: DateRange | null; sorted?: OrderSort };

// GET /api/orders – the tenant's indexed orders in the sort asked for, with their count
export async function listOrders(
  db: Db,
  tenant: { id: string; timeZone: string },
  query: OrderListQuery,
  serviceNow = new Date(),
): Promise<OrderPage> {
  // dated by the service (created_on): a preset's days are counted back from the service's today
  const { range, sort } = rangeAndSort(query, sortColumns.orders, tenant.timeZone, serviceNow);
  const asked = { ...query, within: range, sorted: sort };
  const [{ rows, next_cursor }, total] = await Promise.all([
    orderRows(db, tenant.id, asked),
    cappedCount(db, { from: orders, where: and(...orderFilters(tenant.id, asked)) }),
  ]);
  return { data: rows.map((r) => r.snapshot), next_cursor, ...total } satisfies OrderPage;
}

function orderFilters(tenantId: string, query: Query): SQL[] {
  const filters: SQL[] = [eq(orders.tenantId, tenantId)];
  if (query.active) filters.push(eq(orders.active, query.active === "true"));
  if (query.currency) filters.push(eq(orders.currency, query.currency));
  if (query.payout_kind) filters.push(eq(orders.payoutKind, query.payout_kind));
  const within = inRange(orders.createdOn, query.within ?? null);
  if (within) filters.push(within);
  return filters;
}

/** A page of the tenant's order index rows, newest first unless sorted otherwise. */
export async function orderRows(db: Db, tenantId: string, query: Query) {
  const sort = query.sorted ?? { column: "created", descending: true };
  const where = and(...orderFilters(tenantId, query));
  return keysetRows(db, { from: orders, where, keys: orderSortKeys[sort.column], sort, cursor: query.cursor, limit: query.limit });
}
