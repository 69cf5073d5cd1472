import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

// Token buckets per key in the database, so that every instance behind a balancer takes from the
// same bucket: a client spread over N instances gets the limit once, not N times. One statement
// refills the bucket for the time since it was last touched, takes a token when there is one,
// and says whether it did; its row lock serialises concurrent takes of one key.
//
// A bucket refills completely in burst/rate seconds (a few seconds for the limits here), so a
// row untouched for a minute is a full bucket and is deleted now and then: a missing row is full.

const STALE_AFTER = "1 minute";
const SWEEP_EVERY = 1000;
let takes = 0;

/**
 * Takes `cost` tokens of `key`'s bucket (refilled at `ratePerSecond`, holding at most `burst`)
 * when it has them: whether it did. A request that costs the server more (a larger body) takes more.
 */
export async function takeToken(db: Db, key: string, ratePerSecond: number, burst: number, cost = 1): Promise<boolean> {
  const refilled = sql`LEAST(${burst}::float8, b.tokens + EXTRACT(EPOCH FROM (now() - b.updated_at))::float8 * ${ratePerSecond}::float8)`;
  const result = (await db.execute(sql`
    INSERT INTO rate_limits AS b (key, tokens, updated_at, allowed)
    VALUES (${key}, ${burst - cost}::float8, now(), true)
    ON CONFLICT (key) DO UPDATE SET
      tokens = CASE WHEN ${refilled} >= ${cost}::float8 THEN ${refilled} - ${cost}::float8 ELSE ${refilled} END,
      allowed = ${refilled} >= ${cost}::float8,
      updated_at = now()
    RETURNING allowed
  `)) as { rows: { allowed: boolean }[] };
  if (++takes % SWEEP_EVERY === 0) {
    void db.execute(sql`DELETE FROM rate_limits WHERE updated_at < now() - ${STALE_AFTER}::interval`).catch(() => undefined);
  }
  return result.rows[0]?.allowed ?? true;
}
