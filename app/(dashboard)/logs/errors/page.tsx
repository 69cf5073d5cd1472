import { getTranslations } from "next-intl/server";
import { ErrorsView } from "@/components/request-log/errors-view";
import { LogsTabs } from "@/components/request-log/logs-tabs";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { ErrorState } from "@/components/ui/states";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import { requestLogErrorsQuerySchema } from "@/lib/dashboard/contract/request-logs-api";
import type { SearchParams } from "@/lib/dashboard/pages/list-page";
import { requestLogErrors } from "@/lib/dashboard/request-log/error-groups";
import { tenantViewer } from "@/lib/dashboard/request-log/viewer";

export const generateMetadata = titled("logErrors");

/** Failed calls grouped by error code and route, as GET /api/request-logs/errors answers them for the address's window and source. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { user, tenant, db } = await pageContext();
  const t = await getTranslations("logs.errors");
  const asked = await searchParams;
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
  const query = requestLogErrorsQuerySchema.safeParse({ window: one(asked.window), source: one(asked.source) });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <LiveRefresh on="requestLogs" />
      <LogsTabs current="errors" scenarios={isSandboxTenant(tenant)} />
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {query.success ? (
        <ErrorsView errors={await requestLogErrors(db, tenantViewer(tenant, user.role), query.data)} source={query.data.source ?? null} />
      ) : (
        <ErrorState code="invalid_request" />
      )}
    </div>
  );
}
