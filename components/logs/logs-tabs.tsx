import { Link } from "@/components/ui/app-link";
import { getTranslations } from "next-intl/server";

// The developers' pages under the header's Events: the webhooks received, the request log and its
// errors grouped, and for a sandbox tenant its scenarios, one tab row above each.

const tabs = [
  { href: "/events", key: "webhooks" },
  { href: "/logs", key: "requests" },
  { href: "/logs/errors", key: "errors" },
  { href: "/events/scenarios", key: "scenarios" },
] as const;

/** `scenarios`: the tenant's upstream is this app's sandbox, where scenarios run. */
export async function LogsTabs({ current, scenarios = false }: { current: (typeof tabs)[number]["key"]; scenarios?: boolean }) {
  const t = await getTranslations("logs.tabs");
  return (
    // each tab carries its own line, so that a row wrapped on a narrow phone keeps the current tab's under it
    <nav aria-label={t("label")} className="flex flex-wrap gap-x-1 gap-y-1">
      {tabs
        .filter((tab) => scenarios || tab.key !== "scenarios")
        .map((tab) => (
          <Link
            key={tab.key}
            href={tab.href}
            aria-current={tab.key === current ? "page" : undefined}
            className={
              "border-b-2 border-zinc-200 px-3 py-2 text-sm whitespace-nowrap text-zinc-600 hover:text-zinc-900 dark:border-zinc-800 " +
              "aria-[current=page]:border-orange-600 aria-[current=page]:font-medium aria-[current=page]:text-zinc-900 " +
              "focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-zinc-400 dark:hover:text-zinc-100 " +
              "dark:aria-[current=page]:text-zinc-100"
            }
          >
            {t(tab.key)}
          </Link>
        ))}
    </nav>
  );
}
