"use client";
import { useEffect } from "react";
import { stopEveryStream } from "./shared-event-stream";

// Signing in and signing out are told to every tab of the browser (a BroadcastChannel), so that a
// tab whose session just ended stops following its live stream at once and goes to sign in,
// rather than go on showing, or receiving, what belongs to the session before. (The server ends
// that session too: a sign-in ends the browser's previous one, and its streams close at their next
// heartbeat; this is what makes the tabs follow without waiting for it.)

const CHANNEL = "dashboard-session";

type Change = { type: "signed-in" | "signed-out"; tab: string };

/** This tab: a channel hears what another channel object of the same tab posts, and must not follow it. */
const thisTab = typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random());

/** Tells the browser's other tabs that this one signed in or out. */
export function announceSessionChange(type: Change["type"]) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type, tab: thisTab } satisfies Change);
  channel.close();
}

/**
 * In a tab of the dashboard: when another tab signs in or out, every stream of this tab stops and
 * it goes to sign-in (which, for someone now signed in, goes on to their own pages).
 */
export function useSessionChanges() {
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<Partial<Change>>) => {
      // this tab's own sign-out goes where it goes
      if (event.data.tab === thisTab) return;
      stopEveryStream();
      const back = window.location.pathname + window.location.search;
      window.location.replace(`/login?callbackUrl=${encodeURIComponent(back)}`);
    };
    return () => channel.close();
  }, []);
}
