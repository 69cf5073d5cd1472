import "server-only";
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/auth/tenants";
import { upstreamFor } from "@/lib/auth/tenants";
import { publish } from "@/lib/events/bus";
import { indexOrder, orderTenant } from "@/lib/orders/index-order";
import { exchangeState } from "@/lib/exchange/exchange-state";
import { indexExchangeSnapshot } from "./index-exchange";

/** GET the exchange (and its order when not yet indexed), store the snapshot, tell the browsers. */
export async function refreshExchange(db: Db, tenant: Tenant, exchangeId: string) {
  const client = upstreamFor(tenant);
  const fetchedAt = new Date();
  const exchange = await client.getExchange(exchangeId);
  await indexExchangeSnapshot(db, tenant.id, exchange, fetchedAt);
  if ((await orderTenant(db, exchange.order_id)) === null) {
    const orderFetchedAt = new Date();
    await indexOrder(db, tenant.id, await client.getOrder(exchange.order_id), orderFetchedAt);
  }
  await publish({ kind: "snapshot", tenant_id: tenant.id, exchange_id: exchangeId, state: exchangeState(exchange) });
  return exchange;
}
