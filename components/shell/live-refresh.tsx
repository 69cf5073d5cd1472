"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useLiveSignals, type LiveSignal } from "@/lib/dashboard/client/live-notices";
import { refreshesPage, type RefreshedPage } from "@/lib/dashboard/contract/live-notice-kinds";

/**
 * Whether a signal redraws a page that shows `page`: the notices whose kind the registry says
 * refresh it (lib/dashboard/contract/live-notice-kinds.ts), and always a reconnect or a refusal.
 */
export function refreshes(page: RefreshedPage, signal: LiveSignal): boolean {
  return signal.kind === "reconnected" || signal.kind === "refused" || refreshesPage(signal.kind, page);
}

/**
 * Re-renders a server-rendered page when the live stream says something it shows changed: what
 * the registry says redraws pages that show `on` ("snapshots", the default: exchange states;
 * "all": also webhooks; "requestLogs"; "session": nothing but a reconnect or refusal, for a page
 * that keeps its own state, whose refresh finds an ended session and goes to sign-in), or what
 * `when` picks (a client component's own filter). A burst of notices is one refresh: at most one
 * every 400 ms, the last one always made.
 */
export function LiveRefresh({ on = "snapshots", when }: { on?: RefreshedPage; when?: (signal: LiveSignal) => boolean }) {
  const wanted = when ?? ((signal: LiveSignal) => refreshes(on, signal));
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveSignals((signal) => {
    if (!wanted(signal) || timer.current) return;
    const wait = Math.max(0, last.current + 400 - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      router.refresh();
    }, wait);
  });
  return null;
}
