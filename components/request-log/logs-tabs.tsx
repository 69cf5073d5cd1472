import { TabRow } from "@/components/ui/tab-row";
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
  const shown = tabs.filter((tab) => scenarios || tab.key !== "scenarios");
  return <TabRow label={t("label")} tabs={shown.map((tab) => ({ href: tab.href, label: t(tab.key), current: tab.key === current }))} />;
}
