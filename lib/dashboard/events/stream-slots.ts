import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const log = logger("sse");

// How many event streams a holder (a user, a payout link) has open, counted in the database so
// that the limit is one limit behind a balancer, not one per instance. Each open stream is a row
// with a lease: the instance that holds it renews the leases of all its streams in one statement
// at each heartbeat, and deletes the row as the stream closes. An instance that dies leaves rows
// that expire with their lease, so its users get their places back within a lease.

/** Three heartbeats (45 s by default): a lease outlives one late renewal, never a dead instance by long. */
export const leaseSeconds = () => 3 * env().streamHeartbeatSeconds;

/** Releases started in this process and not yet committed, per holder: a claim waits for them. */
const releasing = new Map<string, Set<Promise<unknown>>>();

/**
 * Takes a place for one more stream of `holder` if it has fewer than `limit` open; returns the
 * place's id, or null when there is none. One holder's claims are serialised by an advisory lock,
 * so two instances never both take the last place.
 */
export async function claimStreamSlot(db: Db, holder: string, limit: number): Promise<string | null> {
  // a stream this process closed a moment ago gives its place back before the count
  const pending = releasing.get(holder);
  if (pending) await Promise.all(pending);
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${"stream:" + holder}))`);
    const counted = (await tx.execute(sql`
      SELECT count(*)::int AS open FROM stream_slots WHERE holder = ${holder} AND expires_at > now()
    `)) as { rows: { open: number }[] };
    if ((counted.rows[0]?.open ?? 0) >= limit) return null;
    await tx.execute(sql`
      INSERT INTO stream_slots (id, holder, expires_at)
      VALUES (${id}, ${holder}, now() + ${leaseSeconds()} * interval '1 second')
    `);
    return id;
  });
}

/** Gives a place back; a later claim of the same holder in this process waits for it. */
export function releaseStreamSlot(db: Db, holder: string, id: string): Promise<void> {
  const done = db
    .execute(sql`DELETE FROM stream_slots WHERE id = ${id}`)
    .then(() => undefined)
    .catch((err: Error) => log.error({ err: err.message }, "could not release a stream's place"));
  const set = releasing.get(holder) ?? new Set();
  releasing.set(holder, set);
  set.add(done);
  void done.finally(() => {
    set.delete(done);
    if (set.size === 0 && releasing.get(holder) === set) releasing.delete(holder);
  });
  return done;
}

/** Renews the leases of this process's open streams, and drops every lease that has run out. */
export async function renewStreamSlots(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) {
    await db.execute(sql`
      UPDATE stream_slots SET expires_at = now() + ${leaseSeconds()} * interval '1 second'
      WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[])
    `);
  }
  await db.execute(sql`DELETE FROM stream_slots WHERE expires_at <= now()`);
}
