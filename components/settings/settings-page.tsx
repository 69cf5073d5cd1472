import { TabRow } from "@/components/ui/tab-row";
import { getTranslations } from "next-intl/server";
import type { Agreements } from "@/lib/dashboard/contract/reports-api";
import type { SecurityPolicy } from "@/lib/dashboard/contract/account-api";
import type { Credentials, SignInPage, Team, WebhookSecretStatus } from "@/lib/dashboard/contract/settings-api";
import type { Endpoint } from "@/lib/dashboard/contract/forwarding-api";
import type { ApiKey } from "@/lib/dashboard/contract/api-keys-api";
import { ApiKeysPanel } from "./api-keys-panel";
import { ForwardingPanel, type OpenDeliveryLog } from "./forwarding-panel";
import { AgreementsPanel } from "./agreements-panel";
import { TimeZoneCard } from "./time-zone-card";
import { CredentialsPanel } from "./credentials-panel";
import { SecurityPanel } from "./security-panel";
import { TeamPanel } from "./team-panel";
import { WebhookSecretPanel } from "./webhook-secret-panel";

export const settingsTabs = ["team", "security", "webhooks", "forwarding", "api-keys", "credentials", "affiliates"] as const;
export type SettingsTab = (typeof settingsTabs)[number];

/** The open tab and what it shows, read on the server as the settings routes of the API answer it. */
export type OpenTab =
  | { tab: "team"; team: Team; signIns: SignInPage }
  | { tab: "security"; policy: SecurityPolicy; withoutFactor: number }
  | { tab: "webhooks"; status: WebhookSecretStatus }
  | { tab: "forwarding"; endpoints: Endpoint[]; deliveries: OpenDeliveryLog | null }
  | { tab: "api-keys"; keys: ApiKey[] }
  | { tab: "credentials"; credentials: Credentials }
  | { tab: "affiliates"; agreements: Agreements };

/**
 * A tenant's settings (admins; operators see the tenant they look at), rendered on the server;
 * only the open tab's data is read.
 */
export async function SettingsPage({ tenantName, open }: { tenantName: string; open: OpenTab }) {
  const t = await getTranslations("settings");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro", { tenant: tenantName })}</p>
      </div>
      <TabRow
        label={t("sections")}
        tabs={settingsTabs.map((id) => ({ href: `/settings?tab=${id}`, label: t(`tabs.${id}`), current: id === open.tab }))}
      />
      {open.tab === "team" && <TeamPanel team={open.team} signIns={open.signIns} />}
      {open.tab === "security" && <SecurityPanel policy={open.policy} withoutFactor={open.withoutFactor} />}
      {open.tab === "webhooks" && <WebhookSecretPanel status={open.status} />}
      {open.tab === "forwarding" && <ForwardingPanel endpoints={open.endpoints} deliveries={open.deliveries} />}
      {open.tab === "api-keys" && <ApiKeysPanel keys={open.keys} />}
      {open.tab === "credentials" && <CredentialsPanel credentials={open.credentials} />}
      {open.tab === "affiliates" && (
        <>
          <TimeZoneCard current={open.agreements.time_zone} />
          <AgreementsPanel list={open.agreements} />
        </>
      )}
    </div>
  );
}
