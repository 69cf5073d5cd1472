import { TabRow } from "@/components/ui/tab-row";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ConsoleLive } from "./console-live";

export const consoleTabs = ["tenants", "users", "exchanges", "mail", "sandbox"] as const;
export type ConsoleTab = (typeof consoleTabs)[number];

/**
 * The operator's console: every tenant, user and exchange, and the sandbox's controls while it
 * runs. Rendered on the server with the open tab's panel (`children`), read as the console's API
 * routes answer.
 */
export function OperatorPage({ tab, sandbox, children }: { tab: ConsoleTab; sandbox: boolean; children: ReactNode }) {
  const t = useTranslations("operator");
  const shown = consoleTabs.filter((id) => id !== "sandbox" || sandbox);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <ConsoleLive every5s={tab === "sandbox"} />
      </div>
      <TabRow
        label={t("sections")}
        tabs={shown.map((id) => ({ href: `/operator?tab=${id}`, label: t(`tabs.${id}`), current: id === tab }))}
      />
      {children}
    </div>
  );
}
