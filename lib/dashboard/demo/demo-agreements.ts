import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenants } from "@/lib/db/schema";
import { putAgreements } from "@/lib/dashboard/reports/agreements";
import type { DemoStart } from "./demo-activity";

/**
 * The demo tenant's share of the fee on its two agreements, from the first day of the example
 * activity: so that the reports and statements of a fresh start show earnings (set as it begins,
 * so a run cut short by a stop keeps them). Written as an admin writes them on the Affiliates tab
 * (PUT /api/agreements).
 */
export async function setDemoAgreements(db: Db, { affiliates, startedOn }: DemoStart): Promise<void> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true));
  if (!tenant) return;
  const from = startedOn.toISOString().slice(0, 10);
  await putAgreements(db, tenant.id, [
    { affiliate_id: affiliates.standard, label: "Web shop", periods: [{ from, share_percent: 30 }] },
    { affiliate_id: affiliates.partner, label: "Partner app", periods: [{ from, share_percent: 45 }] },
  ]);
}
