"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useLiveSignals, type LiveSignal } from "@/lib/dashboard/client/live-notices";

/** Which signals refresh a page: snapshot notices (a new state stored), also webhook notices, or neither; reconnects and
 * refusals always. */
const follows = {
  snapshots: (signal: LiveSignal) => signal.kind !== "webhook" && signal.kind !== "request_log" && signal.kind !== "scenario_run",
  all: (signal: LiveSignal) => signal.kind !== "request_log" && signal.kind !== "scenario_run",
  session: (signal: LiveSignal) => signal.kind === "reconnected" || signal.kind === "refused",
  /** The request log's pages: the log grew. */
  requestLogs: (signal: LiveSignal) => signal.kind === "request_log" || signal.kind === "reconnected" || signal.kind === "refused",
};

/**
 * Re-renders a server-rendered page when the live stream says something it shows changed: every
 * snapshot notice (`on`, the default), also every webhook notice ("all"), or only a reconnect or
 * refusal ("session": a page that keeps its own state, whose refresh finds an ended session and
 * goes to sign-in); or what `when` picks (a client component's own filter). A burst of notices is
 * one refresh: at most one every 400 ms, the last one always made.
 */
export function LiveRefresh({ on = "snapshots", when }: { on?: keyof typeof follows; when?: (signal: LiveSignal) => boolean }) {
  const wanted = when ?? follows[on];
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
