import { headers } from "next/headers";
import { forbidden } from "next/navigation";
import { SettingsPage, settingsTabs, type OpenTab, type SettingsTab } from "@/components/settings/settings-page";
import { titled } from "@/i18n/page-title";
import { originOf } from "@/lib/http/request-origin";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { serviceTime } from "@/lib/service-api/client";
import { listAgreements } from "@/lib/dashboard/reports/agreements";
import { credentials, team, webhookSecretStatus } from "@/lib/dashboard/settings/settings";
import { securityPolicy } from "@/lib/dashboard/settings/security";
import { listEndpoints } from "@/lib/dashboard/forwarding/endpoints";
import { listDeliveries } from "@/lib/dashboard/forwarding/deliveries";
import { deliveryListQuerySchema, type DeliveryList, type Endpoint } from "@/lib/dashboard/contract/forwarding-api";
import { viewParameters } from "@/lib/dashboard/contract/lists-api";
import { filtersFrom, firstPage, type SearchParams } from "@/lib/dashboard/pages/list-page";
import type { OpenDeliveryLog } from "@/components/settings/forwarding-panel";
import { listApiKeys } from "@/lib/dashboard/auth/api-keys";

export const generateMetadata = titled("settings");

type Context = Awaited<ReturnType<typeof pageContext>>;
const noDeliveries: DeliveryList = { data: [], next_before: null, total: 0, total_exact: true };

/**
 * The delivery log the address opens (`endpoint=…` and its filters), as
 * GET /api/forwarding/endpoints/{id}/deliveries answers for them; none for an endpoint not listed.
 */
async function deliveryLog(params: Awaited<SearchParams>, endpoints: Endpoint[], { tenant, db }: Context): Promise<OpenDeliveryLog | null> {
  const { endpoint: id, ...filters } = filtersFrom(params, viewParameters.deliveries);
  const endpoint = endpoints.find((e) => e.id === id);
  if (!endpoint) return null;
  const query = deliveryListQuerySchema.safeParse({ ...filters, limit: "25" });
  const { first, error } = await firstPage(
    query.success ? () => listDeliveries(db, tenant, endpoint.id, query.data) : query.error,
    noDeliveries,
  );
  return { endpoint: endpoint.id, list: first, error };
}

/** What the open tab shows, as the API's settings routes answer it. */
async function openTab(tab: SettingsTab, params: Awaited<SearchParams>, context: Context): Promise<OpenTab> {
  const { tenant, db } = context;
  switch (tab) {
    case "team":
      return { tab, team: await team(db, tenant.id), signIns: await listSignIns(db, tenant.id, { limit: 50 }) };
    case "security": {
      const members = await team(db, tenant.id);
      return { tab, policy: securityPolicy(tenant), withoutFactor: members.data.filter((m) => !m.second_factor && !m.disabled).length };
    }
    case "webhooks":
      return { tab, status: webhookSecretStatus(tenant, originOf(await headers())) };
    case "forwarding": {
      const endpoints = await listEndpoints(db, tenant);
      return { tab, endpoints, deliveries: await deliveryLog(params, endpoints, context) };
    }
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
  const params = await searchParams;
  const asked = params.tab;
  const tab = settingsTabs.find((id) => id === asked) ?? "team";
  return <SettingsPage tenantName={context.tenant.name} open={await openTab(tab, params, context)} />;
}
