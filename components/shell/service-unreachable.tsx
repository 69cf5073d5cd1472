"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/dashboard/client/use-format";

/**
 * Above a page that shows what the dashboard stored because the exchange service cannot be
 * reached: since when it fails (as this instance saw it) and when the data was taken. The page
 * is drawn again on the next live notice, and by "Try again".
 */
export function ServiceUnreachable({ since, asOf }: { since: string | null; asOf: string }) {
  const t = useTranslations("common.serviceUnreachable");
  const f = useFormat();
  const router = useRouter();
  return (
    <div
      role="status"
      data-service-unreachable
      className={
        "mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm " +
        "text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      }
    >
      <span>
        {since ? t("since", { since: f.dateTime(since) }) : t("now")} {t("asOf", { asOf: f.dateTime(asOf) })}
      </span>
      <button type="button" onClick={() => router.refresh()} className="font-medium underline">
        {t("retry")}
      </button>
    </div>
  );
}
