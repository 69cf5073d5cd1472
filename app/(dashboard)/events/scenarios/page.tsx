import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LogsTabs } from "@/components/request-log/logs-tabs";
import { ScenariosPanel } from "@/components/scenarios/scenarios-panel";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { builtInScenarios } from "@/lib/dashboard/scenarios/built-ins";
import { listRuns } from "@/lib/dashboard/scenarios/runs";
import { RUNS_SHOWN } from "@/lib/dashboard/contract/scenarios-api";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";

export const generateMetadata = titled("scenarios");

/**
 * The sandbox's scenarios and the tenant's recent runs, as GET /api/sandbox/scenarios and …/runs
 * answer them, drawn again whenever the live stream says a run moved on; sandbox tenants only.
 */
export default async function Page() {
  const { tenant, db } = await pageContext();
  if (!isSandboxTenant(tenant)) notFound();
  const t = await getTranslations("scenarios");
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <LiveRefresh on="scenarioRuns" />
      <LogsTabs current="scenarios" scenarios />
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <ScenariosPanel builtIns={builtInScenarios} runs={await listRuns(db, tenant.id, RUNS_SHOWN)} />
    </div>
  );
}
