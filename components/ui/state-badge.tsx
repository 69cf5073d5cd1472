import { useTranslations } from "next-intl";

const styles: Record<string, string> = {
  executed: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300",
  interrupted: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  refunded: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  settled: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300",
  active: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300",
  inactive: "bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
};

export function StateBadge({ state }: { state: string }) {
  const t = useTranslations("common.states");
  // states are the service's words; one this catalogue does not know is shown as it came
  const key = state as "executed";
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${styles[state] ?? styles.refunded}`}>
      {t.has(key) ? t(key) : state}
    </span>
  );
}
