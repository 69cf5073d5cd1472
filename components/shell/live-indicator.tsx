"use client";
import { useTranslations } from "next-intl";
import type { LiveStatus } from "@/lib/dashboard/client/use-live-events";
import { useFormat } from "@/lib/dashboard/client/use-format";

/**
 * The live stream's state ("Live"), and apart from it the exchange service's, as the page's render
 * found it: the stream may be live while the service cannot be reached, and the other way round.
 */
export function LiveIndicator({ status, serviceFailingSince }: { status: LiveStatus; serviceFailingSince?: string | null }) {
  const t = useTranslations("shell.live");
  const f = useFormat();
  const connected = status === "connected";
  const stream = (
    <span
      className="inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400"
      role="status"
      data-live-status={status}
    >
      <span className={`h-2 w-2 rounded-full ${connected ? "bg-green-500" : "animate-pulse bg-amber-500"}`} aria-hidden />
      {t(connected ? "connected" : status === "connecting" ? "connecting" : "reconnecting")}
    </span>
  );
  if (!serviceFailingSince) return stream;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {stream}
      <span
        className="inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-red-700 dark:text-red-300"
        data-service-status="unreachable"
        title={t("serviceSince", { since: f.dateTime(serviceFailingSince) })}
      >
        <span className="h-2 w-2 rounded-full bg-red-500" aria-hidden />
        {t("serviceDown")}
      </span>
    </span>
  );
}
