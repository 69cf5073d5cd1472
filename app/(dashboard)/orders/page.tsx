import { OrdersPage } from "@/components/orders/orders-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { orderListQuerySchema, type OrderPage } from "@/lib/dashboard/contract/dashboard-api";
import { listOrders } from "@/lib/dashboard/orders/list-orders";
import { PAGE_SIZE, filtersFrom, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("orders");

/** The first page of orders, as GET /api/orders answers it for the same filters. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.orders);
  const query = orderListQuerySchema.safeParse({ ...filters, limit: String(PAGE_SIZE) });
  const first: OrderPage = query.success ? await listOrders(db, tenant.id, query.data) : { data: [], next_cursor: null };
  return (
    <>
      <LiveRefresh />
      <OrdersPage first={first} shownFor={filters} error={query.success ? null : "invalid_request"} />
    </>
  );
}
