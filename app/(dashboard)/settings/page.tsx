import { headers } from "next/headers";
import { forbidden } from "next/navigation";
import { SettingsPage, settingsTabs, type OpenTab, type SettingsTab } from "@/components/settings/settings-page";
import { titled } from "@/i18n/page-title";
import { originOf } from "@/lib/http/request-origin";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { serviceTime } from "@/lib/service-api/client";
import type { SearchParams } from "@/lib/dashboard/pages/list-page";
import { listAgreements } from "@/lib/dashboard/reports/agreements";
import { credentials, team, webhookSecretStatus } from "@/lib/dashboard/settings/settings";
import { securityPolicy } from "@/lib/dashboard/settings/security";
import { listEndpoints } from "@/lib/dashboard/forwarding/endpoints";
import { listApiKeys } from "@/lib/dashboard/auth/api-keys";

export const generateMetadata = titled("settings");

/** What the open tab shows, as the API's settings routes answer it. */
async function openTab(tab: SettingsTab, { tenant, db }: Awaited<ReturnType<typeof pageContext>>): Promise<OpenTab> {
  switch (tab) {
    case "team":
      return { tab, team: await team(db, tenant.id), signIns: await listSignIns(db, tenant.id, { limit: 50 }) };
    case "security": {
      const members = await team(db, tenant.id);
      return { tab, policy: securityPolicy(tenant), withoutFactor: members.data.filter((m) => !m.second_factor && !m.disabled).length };
    }
    case "webhooks":
      return { tab, status: webhookSecretStatus(tenant, originOf(await headers())) };
    case "forwarding":
      return { tab, endpoints: await listEndpoints(db, tenant) };
    case "api-keys":
      return { tab, keys: await listApiKeys(db, tenant.id) };
    case "credentials":
      return { tab, credentials: credentials(tenant) };
    case "affiliates":
      return {
        tab,
        agreements: {
          data: await listAgreements(db, tenant.id, tenant.timeZone, serviceTime(tenant.baseUrl)),
          time_zone: tenant.timeZone,
        },
      };
  }
}

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const context = await pageContext();
  if (context.user.role === "viewer") forbidden();
  const asked = (await searchParams).tab;
  const tab = settingsTabs.find((id) => id === asked) ?? "team";
  return <SettingsPage tenantName={context.tenant.name} open={await openTab(tab, context)} />;
}
