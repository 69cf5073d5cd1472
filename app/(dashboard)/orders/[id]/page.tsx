import { OrderPage } from "@/components/orders/order-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { readFailure } from "@/components/shell/read-failure";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import type { Order } from "@/lib/service-api/schemas";
import { serviceTime } from "@/lib/service-api/client";
import { listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { readOrderOrStored } from "@/lib/dashboard/orders/read-order";
import { reachabilityOf } from "@/lib/dashboard/upstream/reachability";
import { ServiceUnreachable } from "@/components/shell/service-unreachable";

export const generateMetadata = titled("order");

/** The order as GET /api/orders/{id} reads it, and its exchanges (up to 100) as GET /api/exchanges?order_id= lists them. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { tenant, db } = await pageContext();
  let order: Order;
  let asOf: Date | undefined;
  try {
    ({ order, asOf } = await readOrderOrStored(db, tenant, (await params).id));
  } catch (error) {
    return readFailure(error);
  }
  const exchanges = await listExchanges(
    db,
    tenant,
    { order_id: order.id, limit: 100 },
    { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) },
  );
  const since = reachabilityOf(tenant.baseUrl).failingSince;
  return (
    <>
      <LiveRefresh />
      {asOf && <ServiceUnreachable since={since?.toISOString() ?? null} asOf={asOf.toISOString()} />}
      <OrderPage order={order} exchanges={exchanges.data} />
    </>
  );
}
