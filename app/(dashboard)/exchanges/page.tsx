import { ExchangesPage } from "@/components/exchanges/exchanges-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { exchangeListQuerySchema, type ExchangePage } from "@/lib/dashboard/contract/dashboard-api";
import { serviceTime } from "@/lib/service-api/client";
import { listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { PAGE_SIZE, filtersFrom, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("exchanges");

/** The first page of exchanges, as GET /api/exchanges answers it for the same filters. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.exchanges);
  const query = exchangeListQuerySchema.safeParse({ ...filters, limit: String(PAGE_SIZE) });
  const first: ExchangePage = query.success
    ? await listExchanges(db, tenant.id, query.data, { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) })
    : { data: [], next_cursor: null };
  return (
    <>
      <LiveRefresh />
      <ExchangesPage first={first} shownFor={filters} error={query.success ? null : "invalid_request"} />
    </>
  );
}
