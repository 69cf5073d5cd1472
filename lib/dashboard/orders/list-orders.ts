import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { afterCursor, decodeCursor, pageOf } from "@/lib/http/cursor";
import type { OrderListQuery, OrderPage } from "@/lib/dashboard/contract/dashboard-api";

// GET /api/orders – the tenant's indexed orders, newest first
export async function listOrders(db: Db, tenantId: string, query: OrderListQuery): Promise<OrderPage> {
  const { rows, next_cursor } = await orderRows(db, tenantId, query);
  return { data: rows.map((r) => r.snapshot), next_cursor } satisfies OrderPage;
}

/** A newest-first page of the tenant's order index rows. */
export async function orderRows(db: Db, tenantId: string, query: Pick<OrderListQuery, "limit"> & Partial<OrderListQuery>) {
  const after = decodeCursor(query.cursor ?? null);
  const filters: SQL[] = [eq(orders.tenantId, tenantId)];
  if (query.active) filters.push(eq(orders.active, query.active === "true"));
  if (query.currency) filters.push(eq(orders.currency, query.currency));
  if (query.payout_kind) filters.push(eq(orders.payoutKind, query.payout_kind));
  const afterFilter = afterCursor(after, orders.createdOn, orders.id);
  if (afterFilter) filters.push(afterFilter);
  const rows = await db
    .select()
    .from(orders)
    .where(and(...filters))
    .orderBy(desc(orders.createdOn), desc(orders.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (r) => ({ at: r.createdOn, id: r.id }));
  return { rows: page, next_cursor };
}
