"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ExchangesPanel } from "./exchanges-panel";
import { SimulatorPanel } from "./simulator-panel";
import { TenantsPanel } from "./tenants-panel";
import { UsersPanel } from "./users-panel";
import { useConsoleEvents } from "@/lib/client/use-console-events";

const tabs = ["tenants", "users", "exchanges", "sandbox"] as const;
type Tab = (typeof tabs)[number];

/** The operator's console: every tenant, user and exchange, and the sandbox's controls while it runs. */
export function OperatorPage({ sandbox }: { sandbox: boolean }) {
  const t = useTranslations("operator");
  const params = useSearchParams();
  const live = useConsoleEvents();
  const shown = tabs.filter((id) => id !== "sandbox" || sandbox);
  const tab: Tab = shown.find((id) => id === params.get("tab")) ?? "tenants";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <span className="text-xs text-zinc-500 dark:text-zinc-400" data-console-live={live}>
          {live === "connected" ? t("live") : t("connecting")}
        </span>
      </div>
      <nav aria-label={t("sections")} className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {shown.map((id) => (
          <Link
            key={id}
            href={`/operator?tab=${id}`}
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
      {tab === "tenants" && <TenantsPanel />}
      {tab === "users" && <UsersPanel />}
      {tab === "exchanges" && <ExchangesPanel sandbox={sandbox} />}
      {tab === "sandbox" && <SimulatorPanel exchangeId={params.get("exchange")} />}
    </div>
  );
}
