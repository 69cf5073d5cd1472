"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useLiveSignals, type LiveSignal } from "@/lib/client/live-notices";

/** Snapshot notices (a new state stored), reconnects and refusals: what a server-rendered page follows by default. */
const byDefault = (signal: LiveSignal) => signal.kind !== "webhook";

/**
 * Re-renders a server-rendered page when the live stream says something it shows changed: every
 * snapshot notice, also every webhook notice with `webhooks`, or what `when` picks (a client
 * component's own filter). A burst of notices is one refresh: at most one every 400 ms, the last
 * one always made.
 */
export function LiveRefresh({ webhooks = false, when }: { webhooks?: boolean; when?: (signal: LiveSignal) => boolean }) {
  const wanted = when ?? (webhooks ? () => true : byDefault);
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
