import "server-only";
import { ApiError } from "@/lib/errors";
import type { Db } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { logger } from "@/lib/log";
import { claimStreamSlot, releaseStreamSlot, renewStreamSlots } from "./stream-slots";

// The places the event streams of one process hold (stream_slots rows, leased): renewed together
// at each heartbeat of the stream adapter (lib/runtime/streams.mjs), in one statement.

const log = logger("sse");

type Shared = { slots: Set<string>; db: Db | null };
// Per process: the places (stream_slots rows) this process's streams hold.
const shared = processSingleton("stream-places", (): Shared => ({ slots: new Set(), db: null }));

/** Renews the leases of every place this process holds (at each heartbeat). */
export function renewPlaces(): void {
  if (!shared.db || shared.slots.size === 0) return;
  renewStreamSlots(shared.db, [...shared.slots]).catch((err: Error) => log.error({ err: err.message }, "could not renew stream leases"));
}

/** Takes a place for a stream of a holder (429 when it has none left); the returned function gives it back (once). */
export async function claimSlot(db: Db, key: string, limit: number): Promise<() => void> {
  shared.db = db;
  const slot = await claimStreamSlot(db, key, limit);
  if (!slot) {
    log.warn({ holder: key.split(":")[0], limit }, "refused a stream: too many open");
    throw new ApiError("rate_limited", `At most ${limit} open event streams at a time`);
  }
  shared.slots.add(slot);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shared.slots.delete(slot);
    void releaseStreamSlot(db, key, slot);
  };
}
