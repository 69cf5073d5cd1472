import { Link } from "@/components/ui/app-link";
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
      {children}
    </div>
  );
}
