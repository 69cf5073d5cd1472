import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxState } from "@/lib/db/schema";
import { processSingleton } from "@/lib/process-singleton";
import { invalidate, onInvalidation } from "@/lib/db/cache-bus";

// The sandbox clock: real time plus an offset that operators move forward. It governs
// every expiry, timestamp and retry of the sandbox.

// Per process: a cache of the stored offset, refreshed by every read of the clock, and dropped
// when any instance moves the clock (the cache bus).
const holder = processSingleton("sandbox-clock", () => ({ offsetMs: undefined as number | undefined }));
onInvalidation("sandbox_clock", () => {
  holder.offsetMs = undefined;
});

export async function sandboxNow(db: Db): Promise<Date> {
  const [row] = await db.select({ offset: sandboxState.clockOffsetMs }).from(sandboxState).where(eq(sandboxState.id, 1));
  holder.offsetMs = row?.offset ?? 0;
  return new Date(Date.now() + holder.offsetMs);
}

/** The sandbox time by the offset this process read last (every state change reads it). */
export async function lastKnownSandboxNow(db: Db): Promise<Date> {
  return holder.offsetMs === undefined ? sandboxNow(db) : new Date(Date.now() + holder.offsetMs);
}

export async function advanceClock(db: Db, seconds: number): Promise<Date> {
  await db
    .update(sandboxState)
    .set({ clockOffsetMs: sql`${sandboxState.clockOffsetMs} + ${Math.round(seconds * 1000)}` })
    .where(eq(sandboxState.id, 1));
  await invalidate(db, { cache: "sandbox_clock" });
  return sandboxNow(db);
}

/**
 * Moves a clock left behind the present up to it (never back): the example activity starts weeks
 * back and, cut short by a stop, would leave it there (lib/boot.ts). Returns how far it moved, in ms.
 */
export async function clockToPresent(db: Db): Promise<number> {
  const [row] = await db.select({ offset: sandboxState.clockOffsetMs }).from(sandboxState).where(eq(sandboxState.id, 1));
  if (!row || row.offset >= 0) return 0;
  await db
    .update(sandboxState)
    .set({ clockOffsetMs: 0 })
    .where(and(eq(sandboxState.id, 1), lt(sandboxState.clockOffsetMs, 0)));
  await invalidate(db, { cache: "sandbox_clock" });
  return -row.offset;
}

/** Mines `blocks` blocks on the simulated chain; returns the height of the first one. */
export async function mineBlocks(db: Db, blocks: number): Promise<number> {
  const [row] = await db
    .update(sandboxState)
    .set({ blockHeight: sql`${sandboxState.blockHeight} + ${blocks}` })
    .where(eq(sandboxState.id, 1))
    .returning({ height: sandboxState.blockHeight });
  if (!row) throw new Error("sandbox_state row missing");
  return row.height - blocks + 1;
}
