import "server-only";
import { ApiError } from "@/lib/errors";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { logger } from "@/lib/log";
import { claimStreamSlot, releaseStreamSlot, renewStreamSlots } from "./stream-slots";

// What the event streams of one process share: one heartbeat timer, the places they hold
// (stream_slots rows, leased and renewed at each beat) and a way to end each of them.

const log = logger("sse");

/** STREAM_HEARTBEAT_SECONDS: a comment line that keeps proxies from closing an idle stream, and the beat of the checks and leases. */
const heartbeatMs = () => env().streamHeartbeatSeconds * 1000;

type Shared = {
  beats: Set<() => void>;
  timer: NodeJS.Timeout | null;
  slots: Set<string>;
  db: Db | null;
  /** Every open stream's way to end with a retry hint (a shutdown, or a gap it cannot replay). */
  open: Set<(retryMs: number) => void>;
};
// Per process: one heartbeat timer, the places (stream_slots rows) and the open streams of this process.
const sharedState = processSingleton("sse", (): Shared => ({ beats: new Set(), timer: null, slots: new Set(), db: null, open: new Set() }));

/**
 * Ends every open stream of the process with a `retry:` hint (spread over `retryMs` to twice
 * that, so that the browsers do not all come back at once): EventSource reconnects through the
 * balancer to another instance and resumes by Last-Event-ID. Called when the server drains.
 */
export function endStreamsForShutdown(retryMs = 1_000): number {
  const streams = [...shared().open];
  for (const end of streams) end(retryMs + Math.floor(Math.random() * retryMs));
  return streams.length;
}
const shared = (): Shared => sharedState;

/** The open streams' ways to end with a retry hint: a stream adds its own while it lasts. */
export const openStreams = () => shared().open;

// One heartbeat timer for every open stream of the process, not one per stream; at each beat the
// leases of all the process's places are renewed in one statement.
export function onHeartbeat(beat: () => void): () => void {
  const state = shared();
  state.beats.add(beat);
  state.timer ??= setInterval(() => {
    for (const fn of state.beats) fn();
    if (state.db) {
      renewStreamSlots(state.db, [...state.slots]).catch((err: Error) => log.error({ err: err.message }, "could not renew stream leases"));
    }
  }, heartbeatMs());
  return () => {
    state.beats.delete(beat);
    if (state.beats.size === 0 && state.timer) {
      clearInterval(state.timer);
      state.timer = null;
    }
  };
}

/** Takes a place for a stream of a holder (429 when it has none left); the returned function gives it back (once). */
export async function claimSlot(db: Db, key: string, limit: number): Promise<() => void> {
  const state = shared();
  state.db = db;
  const slot = await claimStreamSlot(db, key, limit);
  if (!slot) {
    log.warn({ holder: key.split(":")[0], limit }, "refused a stream: too many open");
    throw new ApiError("rate_limited", `At most ${limit} open event streams at a time`);
  }
  state.slots.add(slot);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    state.slots.delete(slot);
    void releaseStreamSlot(db, key, slot);
  };
}
