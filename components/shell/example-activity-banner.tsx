"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { ExampleActivity } from "@/lib/dashboard/contract/dashboard-api";

const POLL_MS = 2_000;

/**
 * While a fresh demo database's example activity is made (the sandbox's clock runs from five
 * weeks back to now, within a minute or so): how far it is, and why a challenge taken meanwhile
 * can expire. The page is drawn again every two seconds meanwhile (its rows fill in as they are
 * made); once the activity is done, the server renders no banner.
 */
export function ExampleActivityBanner({ activity }: { activity: ExampleActivity }) {
  const t = useTranslations("shell.exampleActivity");
  const f = useFormat();
  const router = useRouter();
  // a refresh that failed is simply made again at the next tick
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [router]);
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
