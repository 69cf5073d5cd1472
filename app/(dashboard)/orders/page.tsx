import { OrdersPage } from "@/components/orders/orders-page";
import { serviceTime } from "@/lib/service-api/client";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { orderListQuerySchema, type OrderPage } from "@/lib/dashboard/contract/dashboard-api";
import { listOrders } from "@/lib/dashboard/orders/list-orders";
import { PAGE_SIZE, filtersFrom, firstPage, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("orders");

const empty: OrderPage = { data: [], next_cursor: null, total: 0, total_exact: true };

/** The first page of orders, as GET /api/orders answers it for the same filters, range and sort. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.orders);
  const query = orderListQuerySchema.safeParse({ ...filters, limit: String(PAGE_SIZE) });
  const { first, error } = await firstPage(
    query.success ? () => listOrders(db, tenant, query.data, serviceTime(tenant.baseUrl)) : query.error,
    empty,
  );
  return (
    <>
      <LiveRefresh />
      <OrdersPage first={first} shownFor={filters} error={error} />
    </>
  );
}
