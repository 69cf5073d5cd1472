import "server-only";
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { publish } from "@/lib/dashboard/events/bus";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { indexExchangeSnapshot, needsOrder } from "./index-exchange";

/** GET the exchange (and its order when needed), store the snapshot, tell the browsers. */
export async function refreshExchange(db: Db, tenant: Tenant, exchangeId: string) {
  const client = upstreamFor(tenant);
  const fetchedAt = new Date();
  const exchange = await client.getExchange(exchangeId);
  if (await needsOrder(db, tenant.id, exchange)) {
    const orderFetchedAt = new Date();
    await indexOrder(db, tenant.id, await client.getOrder(exchange.order_id), orderFetchedAt);
  }
  await indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  await publish({ kind: "snapshot", tenant_id: tenant.id, exchange_id: exchangeId });
  return exchange;
}
