"use client";
import { useTranslations } from "next-intl";
import type { LiveStatus } from "@/lib/dashboard/client/use-live-events";

export function LiveIndicator({ status }: { status: LiveStatus }) {
  const t = useTranslations("shell.live");
  const connected = status === "connected";
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400"
      role="status"
      data-live-status={status}
    >
      <span className={`h-2 w-2 rounded-full ${connected ? "bg-green-500" : "animate-pulse bg-amber-500"}`} aria-hidden />
      {t(connected ? "connected" : status === "connecting" ? "connecting" : "reconnecting")}
    </span>
  );
}
