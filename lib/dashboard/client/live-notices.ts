"use client";
import { useEffect, useRef } from "react";
import { liveNoticeKinds, type LiveFrame, type LiveNoticeKind } from "@/lib/dashboard/contract/live-notice-kinds";

// The shell follows the tenant's live stream once per tab and passes what it hears to whatever
// the page is made of: server-rendered pages refresh, client parts follow what concerns them.
// A channel rather than a context: the shell carries no data library of its own.

/** The kinds of notice a signed-in browser receives (lib/dashboard/contract/live-notice-kinds.ts). */
export type BrowserKind = {
  [K in LiveNoticeKind]: (typeof liveNoticeKinds)[K]["to"]["roles"] extends readonly [] ? never : K;
}[LiveNoticeKind];
export const browserKinds = (Object.keys(liveNoticeKinds) as LiveNoticeKind[]).filter(
  (kind): kind is BrowserKind => liveNoticeKinds[kind].to.roles.length > 0,
);

/**
 * A notice of the stream, as its kind's frame (a webhook, a snapshot, a notification for the
 * user, the request log grew, a scenario run moved on…), or: the stream reopened after a drop
 * (what it missed is not replayed), or was refused (401, 429).
 */
export type LiveSignal = { [K in BrowserKind]: { kind: K } & LiveFrame<K> }[BrowserKind] | { kind: "reconnected" } | { kind: "refused" };

/** A notice about an exchange: the shell's toasts. */
export type LiveNotice = Extract<LiveSignal, { kind: "webhook" | "snapshot" }>;

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
