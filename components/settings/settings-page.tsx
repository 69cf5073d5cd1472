"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { AgreementsPanel } from "./agreements-panel";
import { CredentialsPanel } from "./credentials-panel";
import { TeamPanel } from "./team-panel";
import { WebhookSecretPanel } from "./webhook-secret-panel";

const tabs = ["team", "webhooks", "credentials", "affiliates"] as const;
type Tab = (typeof tabs)[number];

/** A tenant's settings (admins; operators see the tenant they look at). */
export function SettingsPage({ tenantName }: { tenantName: string }) {
  const t = useTranslations("settings");
  const params = useSearchParams();
  const tab: Tab = tabs.find((id) => id === params.get("tab")) ?? "team";
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro", { tenant: tenantName })}</p>
      </div>
      <nav aria-label={t("sections")} className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {tabs.map((id) => (
          <Link
            key={id}
            href={`/settings?tab=${id}`}
            aria-current={id === tab ? "page" : undefined}
            className={
              "-mb-px border-b-2 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-orange-500 " +
              (id === tab
                ? "border-orange-600 font-medium text-zinc-900 dark:text-zinc-100"
                : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100")
            }
          >
            {t(`tabs.${id}`)}
          </Link>
        ))}
      </nav>
      {tab === "team" && <TeamPanel />}
      {tab === "webhooks" && <WebhookSecretPanel />}
      {tab === "credentials" && <CredentialsPanel />}
      {tab === "affiliates" && <AgreementsPanel />}
    </div>
  );
}
