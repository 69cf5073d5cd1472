import { ExchangesPage } from "@/components/exchanges/exchanges-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { exchangeListQuerySchema, type ExchangePage } from "@/lib/dashboard/contract/dashboard-api";
import { serviceTime } from "@/lib/service-api/client";
import { listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { PAGE_SIZE, filtersFrom, firstPage, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";

export const generateMetadata = titled("exchanges");

const empty: ExchangePage = { data: [], next_cursor: null, total: 0, total_exact: true };

/** The first page of exchanges, as GET /api/exchanges answers it for the same filters, range and sort. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { tenant, db } = await pageContext();
  const filters = filtersFrom(await searchParams, listFilters.exchanges);
  const query = exchangeListQuerySchema.safeParse({ ...filters, limit: String(PAGE_SIZE) });
  const clocks = { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) };
  const { first, error } = await firstPage(query.success ? () => listExchanges(db, tenant, query.data, clocks) : query.error, empty);
  return (
    <>
      <LiveRefresh />
      <ExchangesPage first={first} shownFor={filters} error={error} />
    </>
  );
}
