"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useConsoleEvents } from "@/lib/dashboard/client/use-console-events";
import { useShellUser } from "@/components/shell/session-context";

/**
 * Keeps the server-rendered console current: drawn again on every tenant's notice (at most every
 * 400 ms) and, on the sandbox tab (`every5s`), every 5 s, since deliveries retry without a
 * dashboard webhook. Shows whether the console's stream is live.
 */
export function ConsoleLive({ every5s }: { every5s: boolean }) {
  const t = useTranslations("operator");
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const opened = useRef(false);
  const { streamScope } = useShellUser();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!every5s) return;
    const poll = setInterval(() => router.refresh(), 5_000);
    return () => clearInterval(poll);
  }, [every5s, router]);
  const live = useConsoleEvents(() => {
    // the first open needs nothing: the page was just rendered
    if (!opened.current) return void (opened.current = true);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      router.refresh();
    }, 400);
  }, streamScope);
  return (
    <span className="text-xs text-zinc-500 dark:text-zinc-400" data-console-live={live}>
      {live === "connected" ? t("live") : t("connecting")}
    </span>
  );
}
