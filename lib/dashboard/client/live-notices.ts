"use client";
import { useEffect, useRef } from "react";
import type { SnapshotFrame, WebhookFrame } from "@/lib/dashboard/contract/shell-api";
import type { ScenarioRunFrame } from "@/lib/dashboard/contract/scenarios-api";

// The shell follows the tenant's live stream once per tab and passes what it hears to whatever
// the page is made of: react-query caches invalidate their queries, server-rendered pages refresh.
// A channel rather than a context: the shell carries no data library of its own.

export type LiveNotice = ({ kind: "webhook" } & WebhookFrame) | ({ kind: "snapshot" } & SnapshotFrame);

/**
 * A notice, or: the user got a notification (the bell counts again), or: the tenant's request log
 * grew (the Logs page asks for its first page again), or: a scenario run moved on (the Scenarios
 * panel asks for it again), or: the stream reopened
 * after a drop (what it missed is not replayed), or was refused (401, 429).
 */
export type LiveSignal =
  | LiveNotice
  | { kind: "notification" }
  | { kind: "request_log" }
  | ({ kind: "scenario_run" } & ScenarioRunFrame)
  | { kind: "reconnected" }
  | { kind: "refused" };

const listeners = new Set<(signal: LiveSignal) => void>();

export function publishLiveSignal(signal: LiveSignal) {
  for (const listener of listeners) listener(signal);
}

/** Calls `listener` (its latest version) with every signal while the component is mounted. */
export function useLiveSignals(listener: (signal: LiveSignal) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call = (signal: LiveSignal) => latest.current(signal);
    listeners.add(call);
    return () => void listeners.delete(call);
  }, []);
}

/** The event an ended session raises (a 401 anywhere): the shell sends the person to sign in. */
export const SESSION_ENDED = "dashboard:session-ended";
