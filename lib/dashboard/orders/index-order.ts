import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import type { Order } from "@/lib/service-api/schemas";
import { ApiError } from "@/lib/errors";
import { pathId } from "@/lib/http/route-params";

/** Records (or refreshes) an order in the tenant's index; an older fetch never overwrites a newer one. */
export async function indexOrder(db: Db, tenantId: string, order: Order, fetchedAt: Date, createdBy: string | null = null) {
  await indexOrders(db, tenantId, [{ order, fetchedAt, createdBy }]);
}

/** indexOrder for many orders in one statement (each id at most once). */
export async function indexOrders(db: Db, tenantId: string, list: { order: Order; fetchedAt: Date; createdBy?: string | null }[]) {
  if (list.length === 0) return;
  const rows = list.map(({ order, fetchedAt, createdBy }) => ({
    id: order.id,
    tenantId,
    snapshot: order,
    active: order.active,
    currency: order.payment_method.currency,
    payoutKind: "node_pubkey" in order.payout_method ? "lightning" : "coin",
    createdOn: new Date(order.created_on),
    createdBy: createdBy ?? null,
    fetchedAt,
  }));
  await db
    .insert(orders)
    .values(rows)
    .onConflictDoUpdate({
      target: orders.id,
      set: { snapshot: sql.raw("excluded.snapshot"), active: sql.raw("excluded.active"), fetchedAt: sql.raw("excluded.fetched_at") },
      setWhere: and(eq(orders.tenantId, tenantId), sql`${orders.fetchedAt} <= excluded.fetched_at`),
    });
}

/** The tenant owning an indexed order id, if any. */
/**
 * A path id of an order of the tenant, or of nobody yet (the upstream, asked with the tenant's
 * credentials, decides). Orders enter the index only through the tenant's own upstream calls, so
 * an order indexed under another tenant is 404, never 403.
 */
export async function ownOrderId(db: Db, tenantId: string, rawId: string | undefined): Promise<string> {
  const id = pathId("order", rawId);
  const owner = await orderTenant(db, id);
  if (owner !== null && owner !== tenantId) throw new ApiError("not_found", "No such order");
  return id;
}

export async function orderTenant(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: orders.tenantId }).from(orders).where(eq(orders.id, id));
  return row?.tenantId ?? null;
}
