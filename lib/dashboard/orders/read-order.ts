import { ownId } from "@/lib/dashboard/api/ownership";
import { upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import type { Db } from "@/lib/db/client";
import type { Order } from "@/lib/service-api/schemas";
import { indexOrder } from "./index-order";

/**
 * An order as GET /api/orders/{id} and its page read it: GET /v1/orders/{id} with the tenant's
 * credentials (another tenant's order is 404), indexed if it was not yet.
 */
export async function readOrder(db: Db, tenant: Tenant, rawId: string | undefined): Promise<Order> {
  const id = await ownId(db, tenant.id, "order", rawId);
  const fetchedAt = new Date();
  const order = await upstreamFor(tenant).getOrder(id);
  await indexOrder(db, tenant.id, order, fetchedAt);
  return order;
}
