import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients, sandboxClockMoves, sandboxState } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { processSingleton } from "@/lib/process-singleton";
import { invalidate, onInvalidation } from "@/lib/db/cache-bus";
import { rewindClients } from "./clock-rewind";

// The sandbox's clocks, which govern every expiry, timestamp and retry of the sandbox:
// - the shared clock: real time plus an offset that only operators move (forward), and put back
//   to the present;
// - each API client's own clock: the shared clock plus an offset of the client's own. A client's
//   moves (a tenant's scenario that lets time pass) change its own time, its own objects' expiries
//   and its own webhooks' retries, never another client's.
// Both are bounded (docs/sandbox.md#clocks), so that no moves, however many, take a timestamp out
// of what the database and the service can hold: no clock runs more than MAX_AHEAD_MS ahead of
// real time, and a client's own clock moves at most CLIENT_DAILY_MS in any 24 hours. A move past
// either is refused with 409 clock_limit naming it.

/** How far ahead of real time any clock, the shared one or a client's, may run. */
export const MAX_AHEAD_MS = 366 * 24 * 3_600_000;
/** How far a client's own clock may move in any 24 hours of real time, all its moves together. */
export const CLIENT_DAILY_MS = 30 * 24 * 3_600_000;

const DAY_MS = 24 * 3_600_000;
const days = (ms: number) => Math.round(ms / DAY_MS);

// Per process: the stored offsets, refreshed by every read, dropped when any instance moves a
// clock (the cache bus).
const holder = processSingleton("sandbox-clock", () => ({
  offsetMs: undefined as number | undefined,
  clients: new Map<string, number>(),
}));
onInvalidation("sandbox_clock", () => {
  holder.offsetMs = undefined;
  holder.clients.clear();
});

async function sharedOffset(db: Db): Promise<number> {
  const [row] = await db.select({ offset: sandboxState.clockOffsetMs }).from(sandboxState).where(eq(sandboxState.id, 1));
  holder.offsetMs = row?.offset ?? 0;
  return holder.offsetMs;
}

/** The shared clock's time: what the sandbox's own doings (its test Lightning Addresses) and operators see. */
export async function sandboxNow(db: Db): Promise<Date> {
  return new Date(Date.now() + (await sharedOffset(db)));
}

/** A client's own offset ahead of the shared clock (0 for an unknown client). */
async function clientOffset(db: Db, clientId: string): Promise<number> {
  const [row] = await db.select({ offset: sandboxClients.clockOffsetMs }).from(sandboxClients).where(eq(sandboxClients.clientId, clientId));
  const offset = row?.offset ?? 0;
  if (holder.clients.size > 10_000) holder.clients.clear();
  holder.clients.set(clientId, offset);
  return offset;
}

/** A client's time: the shared clock plus the client's own offset. Everything of the client runs on it. */
export async function clientNow(db: Db, clientId: string): Promise<Date> {
  const [shared, own] = await Promise.all([sharedOffset(db), clientOffset(db, clientId)]);
  return new Date(Date.now() + shared + own);
}

/** A client's time (or the shared clock's) by the offsets this process read last: the answers' Date header. */
export async function lastKnownNow(db: Db, clientId: string | null): Promise<Date> {
  const shared = holder.offsetMs ?? (await sharedOffset(db));
  if (clientId === null) return new Date(Date.now() + shared);
  const own = holder.clients.get(clientId) ?? (await clientOffset(db, clientId));
  return new Date(Date.now() + shared + own);
}

/** The client's row, locked for the transaction (a client's clock changes one at a time); 404 for none. */
async function lockClient(tx: Db, clientId: string): Promise<{ offset: number }> {
  const [client] = await tx
    .select({ offset: sandboxClients.clockOffsetMs })
    .from(sandboxClients)
    .where(eq(sandboxClients.clientId, clientId))
    .for("update");
  if (!client) throw new ApiError("not_found", "No such client");
  return client;
}

const limit = (message: string, details: { maximum: number; origin: string }) =>
  new ApiError("clock_limit", message, [{ path: "advance_seconds", message, code: "too_big", ...details }]);

/** The largest own offset of any client: the shared clock's moves take every client's clock with them. */
async function largestClientOffset(db: Db): Promise<number> {
  const [row] = await db.select({ most: sql<number>`COALESCE(max(${sandboxClients.clockOffsetMs}), 0)::float8` }).from(sandboxClients);
  return Number(row?.most ?? 0);
}

/**
 * Moves the shared clock forward by `seconds` (0 reads it), for every client: 409 clock_limit
 * when that would take it, or a client's clock with it, past MAX_AHEAD_MS.
 */
export async function advanceClock(db: Db, seconds: number): Promise<Date> {
  const ms = Math.round(seconds * 1000);
  if (ms === 0) return sandboxNow(db);
  const ahead = (await sharedOffset(db)) + (await largestClientOffset(db)) + ms;
  if (ahead > MAX_AHEAD_MS) {
    throw limit(
      `No sandbox clock may run more than ${days(MAX_AHEAD_MS)} days ahead of real time: this move would take one ` +
        `${days(ahead)} days ahead. Put the clocks back to the present first`,
      { maximum: Math.floor((MAX_AHEAD_MS - ahead + ms) / 1000), origin: "clock" },
    );
  }
  await db
    .update(sandboxState)
    .set({ clockOffsetMs: sql`${sandboxState.clockOffsetMs} + ${ms}` })
    .where(eq(sandboxState.id, 1));
  await db.insert(sandboxClockMoves).values({ clientId: null, advanceMs: ms, movedAt: new Date() });
  await invalidate(db, { cache: "sandbox_clock" });
  return sandboxNow(db);
}

/**
 * Moves a client's own clock forward by `seconds` (0 reads it): 409 clock_limit when that would
 * take it past MAX_AHEAD_MS, or its moves of the last 24 hours past CLIENT_DAILY_MS.
 */
export async function advanceClientClock(db: Db, clientId: string, seconds: number): Promise<Date> {
  const ms = Math.round(seconds * 1000);
  if (ms === 0) return clientNow(db, clientId);
  return db.transaction(async (tx) => {
    // one client's moves one at a time: two at once cannot both take the last of its allowance
    const client = await lockClient(tx, clientId);
    const ahead = (await sharedOffset(tx)) + client.offset + ms;
    if (ahead > MAX_AHEAD_MS) {
      throw limit(
        `A client's clock may run at most ${days(MAX_AHEAD_MS)} days ahead of real time: this move would take it ` +
          `${days(ahead)} days ahead. An operator can put it back to the present`,
        { maximum: Math.floor((MAX_AHEAD_MS - ahead + ms) / 1000), origin: "clock" },
      );
    }
    const [moved] = await tx
      .select({ ms: sql<number>`COALESCE(sum(${sandboxClockMoves.advanceMs}), 0)::float8` })
      .from(sandboxClockMoves)
      .where(and(eq(sandboxClockMoves.clientId, clientId), gt(sandboxClockMoves.movedAt, new Date(Date.now() - DAY_MS))));
    const today = Number(moved?.ms ?? 0);
    if (today + ms > CLIENT_DAILY_MS) {
      throw limit(
        `A client's clock may move at most ${days(CLIENT_DAILY_MS)} days in any 24 hours: it moved ` +
          `${Math.floor(today / 1000)} s in the last 24 hours, and ${Math.round(ms / 1000)} s more is past that`,
        { maximum: Math.max(0, Math.floor((CLIENT_DAILY_MS - today) / 1000)), origin: "day" },
      );
    }
    await tx
      .update(sandboxClients)
      .set({ clockOffsetMs: sql`${sandboxClients.clockOffsetMs} + ${ms}` })
      .where(eq(sandboxClients.clientId, clientId));
    await tx.insert(sandboxClockMoves).values({ clientId, advanceMs: ms, movedAt: new Date() });
    // only the last 24 hours' moves count: older ones go
    await tx
      .delete(sandboxClockMoves)
      .where(and(eq(sandboxClockMoves.clientId, clientId), lt(sandboxClockMoves.movedAt, new Date(Date.now() - DAY_MS))));
    await invalidate(tx, { cache: "sandbox_clock" });
    return new Date(Date.now() + ahead);
  });
}

/**
 * Puts the shared clock back to the present, if it runs ahead, with every client's own clock
 * running on it (their own offsets kept): what happened in the time skipped keeps its order and
 * happened at the latest at the new present, and what was still to come stays as far away as it
 * was (clock-rewind.ts). Returns how far it went back, in ms.
 */
export async function sharedClockToPresent(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [state] = await tx.select({ offset: sandboxState.clockOffsetMs }).from(sandboxState).where(eq(sandboxState.id, 1)).for("update");
    const offset = state?.offset ?? 0;
    if (offset <= 0) return 0;
    const present = Date.now();
    await rewindClients(tx, { clientId: null, fromMs: present + offset, toMs: present });
    await tx.update(sandboxState).set({ clockOffsetMs: 0 }).where(eq(sandboxState.id, 1));
    await invalidate(tx, { cache: "sandbox_clock" });
    return offset;
  });
}

/** Puts a client's own clock back to the shared clock, its objects with it (as above). Returns how far, in ms. */
export async function clientClockToShared(db: Db, clientId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const client = await lockClient(tx, clientId);
    if (client.offset <= 0) return 0;
    const shared = Date.now() + (await sharedOffset(tx));
    await rewindClients(tx, { clientId, fromMs: shared + client.offset, toMs: shared });
    await tx.update(sandboxClients).set({ clockOffsetMs: 0 }).where(eq(sandboxClients.clientId, clientId));
    await invalidate(tx, { cache: "sandbox_clock" });
    return client.offset;
  });
}

/**
 * Moves a shared clock left behind the present up to it (never back): the example activity starts
 * weeks back and, cut short by a stop, would leave it there (lib/boot.ts). Returns how far it moved, in ms.
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
