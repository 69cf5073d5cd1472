import { OverviewPage } from "@/components/overview/overview-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { serviceTime } from "@/lib/service-api/client";
import { cachedOverview } from "@/lib/dashboard/overview/overview-cache";
import { headers } from "next/headers";

export const generateMetadata = titled("overview");

/** The overview, as GET /api/overview answers it (a hard reload, Cache-Control: no-cache, computes it afresh). */
export default async function Page() {
  const { tenant, db } = await pageContext();
  const fresh = /\bno-cache\b/i.test((await headers()).get("cache-control") ?? "");
  return (
    <>
      <LiveRefresh />
      <OverviewPage data={await cachedOverview(db, tenant, serviceTime(tenant.baseUrl), { fresh })} />
    </>
  );
}
