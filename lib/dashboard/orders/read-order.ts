import { upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import type { Db } from "@/lib/db/client";
import { orderSchema, type Order } from "@/lib/service-api/schemas";
import { and, eq } from "drizzle-orm";
import { orders } from "@/lib/db/schema";
import { unreachable } from "@/lib/dashboard/upstream/reachability";
import { indexOrder, ownOrderId } from "./index-order";

/**
 * An order as GET /api/orders/{id} and its page read it: GET /v1/orders/{id} with the tenant's
 * credentials (another tenant's order is 404), indexed if it was not yet.
 */
export async function readOrder(db: Db, tenant: Tenant, rawId: string | undefined): Promise<Order> {
  return (await readOrderOrStored(db, tenant, rawId, false)).order;
}

/**
 * The same for its page: while the service is out of reach, the order as the index stored it,
 * with the time it was fetched (`asOf`).
 */
export async function readOrderOrStored(
  db: Db,
  tenant: Tenant,
  rawId: string | undefined,
  storedWhenUnreachable = true,
): Promise<{ order: Order; asOf?: Date }> {
  const id = await ownOrderId(db, tenant.id, rawId);
  const fetchedAt = new Date();
  let order: Order;
  try {
    order = await upstreamFor(tenant).getOrder(id);
  } catch (error) {
    if (!storedWhenUnreachable || !unreachable(error)) throw error;
    const [row] = await db
      .select({ snapshot: orders.snapshot, fetchedAt: orders.fetchedAt })
      .from(orders)
      .where(and(eq(orders.tenantId, tenant.id), eq(orders.id, id)));
    const stored = row ? orderSchema.safeParse(row.snapshot) : null;
    if (!row || !stored?.success) throw error;
    return { order: stored.data, asOf: row.fetchedAt };
  }
  await indexOrder(db, tenant.id, order, fetchedAt);
  return { order };
}
