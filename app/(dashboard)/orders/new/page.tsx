import { NewOrderWizard } from "@/components/orders/new-order/new-order-wizard";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { titled } from "@/i18n/page-title";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { listAgreements } from "@/lib/dashboard/reports/agreements";
import { serviceTime } from "@/lib/service-api/client";

export const generateMetadata = titled("newOrder");

/** The wizard keeps its own state; the page is drawn again only when the stream says the session may have ended. */
export default async function Page() {
  // signed in, and free to act (not held to set up a second factor first)
  const { db, tenant } = await pageContext();
  // the agreements an order may name, offered by their labels (Settings → Affiliate agreements)
  const agreements = await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl));
  return (
    <>
      <LiveRefresh on="session" />
      <NewOrderWizard agreements={agreements.map(({ affiliate_id, label }) => ({ affiliate_id, label }))} />
    </>
  );
}
