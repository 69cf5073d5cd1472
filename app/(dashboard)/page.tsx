import { OverviewPage } from "@/components/overview/overview-page";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { serviceTime } from "@/lib/service-api/client";
import { overview } from "@/lib/dashboard/overview/overview";

export const generateMetadata = titled("overview");

/** The overview, as GET /api/overview answers it. */
export default async function Page() {
  const { tenant, db } = await pageContext();
  return (
    <>
      <LiveRefresh />
      <OverviewPage data={await overview(db, tenant.id, serviceTime(tenant.baseUrl), tenant.timeZone)} />
    </>
  );
}
