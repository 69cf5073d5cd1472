"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { healthSchema, type ExampleActivity } from "@/lib/dashboard/contract/dashboard-api";

const POLL_MS = 2_000;

/**
 * While a fresh demo database's example activity is made (the sandbox's clock runs from five
 * weeks back to now, within a minute or so): how far it is, and why a challenge taken meanwhile
 * can expire. It follows GET /api/health and, once the activity is done, shows the pages anew.
 */
export function ExampleActivityBanner({ initial }: { initial: ExampleActivity }) {
  const t = useTranslations("shell.exampleActivity");
  const f = useFormat();
  const router = useRouter();
  const [activity, setActivity] = useState<ExampleActivity | null>(initial);
  useEffect(() => {
    if (!activity) return;
    const timer = setTimeout(() => {
      apiFetch("/api/health", healthSchema)
        .then((health) => {
          setActivity(health.example_activity ?? null);
          if (!health.example_activity) router.refresh();
        })
        // a failed look is tried again at the next tick
        .catch(() => setActivity({ ...activity }));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [activity, router]);
  if (!activity) return null;
  return (
    <p
      role="status"
      data-testid="example-activity"
      className={
        "mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-1.5 text-xs text-sky-950 " +
        "dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
      }
    >
      <strong className="font-semibold">{t("title", { percent: activity.done_percent })}</strong>{" "}
      {t("text", { clock: f.dateTime(activity.sandbox_clock) })}
    </p>
  );
}
