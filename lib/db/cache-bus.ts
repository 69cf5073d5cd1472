import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDatabase, type Database, type Db } from "./client";
import { processSingleton } from "@/lib/process-singleton";
import { parseJsonAs } from "@/lib/http/parse-json";

// Each instance keeps a few short caches in front of the database (tenants with their decrypted
// credentials, session checks, the sandbox clock's offset). A change made on one instance is
// announced on this channel, and every instance, the sender included, drops what it cached of
// it: the next read goes to the database. Notices carry ids only. When the LISTEN connection
// comes back after a drop, notices may have been missed, so every cache is dropped whole.

export const CACHE_CHANNEL = "dashboard_cache";

const cacheNoticeSchema = z.discriminatedUnion("cache", [
  z.object({ cache: z.literal("tenants") }),
  // without user_id: every session (a tenant's policy changed)
  z.object({ cache: z.literal("sessions"), user_id: z.string().optional() }),
  z.object({ cache: z.literal("sandbox_clock") }),
  // a tenant's figures changed other than through a stored webhook (a snapshot, a payout recorded)
  z.object({ cache: z.literal("overview"), tenant_id: z.string() }),
]);
export type CacheNotice = z.infer<typeof cacheNoticeSchema>;
type Cache = CacheNotice["cache"];

/** null: drop everything (the notices of a gap may be lost). */
type Handler = (notice: CacheNotice | null) => void;

// Per process: the caches' handlers, and the one subscription of the process's LISTEN connection.
const state = processSingleton("cache-bus", () => ({ handlers: new Map<Cache, Set<Handler>>(), listening: null as Promise<void> | null }));

/** A cache of this process registers how to forget; called when its module loads. */
export function onInvalidation<C extends Cache>(cache: C, handler: (notice: Extract<CacheNotice, { cache: C }> | null) => void): void {
  const set = state.handlers.get(cache) ?? new Set<Handler>();
  // dispatch hands each handler the notices of its own cache only
  set.add(handler as Handler);
  state.handlers.set(cache, set);
}

function dispatch(payload: string) {
  if (!payload) {
    for (const set of state.handlers.values()) for (const handler of set) handler(null);
    return;
  }
  const notice: CacheNotice | null = parseJsonAs(cacheNoticeSchema, payload);
  if (!notice) return;
  for (const handler of state.handlers.get(notice.cache) ?? []) handler(notice);
}

/** Starts hearing other instances' changes (at boot: before any cache fills). */
export function listenForInvalidations(database?: Database): Promise<void> {
  state.listening ??= (database ? Promise.resolve(database) : getDatabase())
    .then((db) => db.listen(CACHE_CHANNEL, dispatch))
    .then(() => undefined);
  state.listening.catch(() => {
    state.listening = null;
  });
  return state.listening;
}

/**
 * Tells every instance (this one too) to drop what it cached of a change just committed, through
 * the database the change went to (in a transaction, the notice would leave on its commit).
 */
export async function invalidate(db: Db, notice: CacheNotice): Promise<void> {
  const payload = JSON.stringify(notice);
  dispatch(payload); // this process at once, whether or not it listens
  await db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`);
}
