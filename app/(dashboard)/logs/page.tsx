import { getTranslations } from "next-intl/server";
import { LogsPage } from "@/components/request-log/logs-page";
import { LogsTabs } from "@/components/request-log/logs-tabs";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import { operatorRequestLogQuerySchema, requestLogQuerySchema, type RequestLogPage } from "@/lib/dashboard/contract/request-logs-api";
import { filtersFrom, firstPage, listFilters, type SearchParams } from "@/lib/dashboard/pages/list-page";
import { listRequestLogs } from "@/lib/dashboard/request-log/list-logs";
import { apiFiltersOf, everyClient, knownPeriod } from "@/lib/dashboard/request-log/page-query";
import { operatorViewer, tenantViewer } from "@/lib/dashboard/request-log/viewer";

export const generateMetadata = titled("logs");

/** The request log's first 50 rows, as GET /api/request-logs answers them for the address's filters (`period` as `since`). */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  const t = await getTranslations("logs");
  const filters = filtersFrom(await searchParams, listFilters.logs);
  const asked = apiFiltersOf(filters);
  const all = everyClient(filters, user.role);
  const query = (all ? operatorRequestLogQuerySchema : requestLogQuerySchema).safeParse({ ...asked, limit: "50" });
  const viewer = all ? operatorViewer(filters.client_id ?? null) : tenantViewer(tenant, user.role);
  const empty: RequestLogPage = { data: [], next_before: null };
  const { first, error } = await firstPage(
    !knownPeriod(filters.period) ? ["period"] : query.success ? () => listRequestLogs(db, viewer, query.data) : query.error,
    empty,
    { since: "period" },
  );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <LogsTabs current="requests" scenarios={isSandboxTenant(tenant)} />
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <LogsPage first={first} shownFor={asked} error={error} everyClient={all} />
    </div>
  );
}
