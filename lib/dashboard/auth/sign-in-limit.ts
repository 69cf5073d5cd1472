import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { authLimits } from "@/lib/db/schema";

// Sign-in attempts are limited per account and per address, in the database so that every
// instance sees the same count. An attempt is counted before its password is checked, in one
// statement whose row locks serialise concurrent attempts: of any burst, at most the limit
// reach the password check. A successful sign-in gives its attempt back.
export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_ADDRESS = 20;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Counts one attempt for the account and the address (a window starts with its first attempt
 * and lasts 15 minutes); true when either is now over its limit, so the password must not be checked.
 */
export async function countAttempt(db: Db, email: string, address: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const at = now.toISOString();
  // keys in a fixed order ("account:" < "address:") so that two attempts never lock in opposite orders
  const result = (await db.execute(sql`
    INSERT INTO auth_limits (key, window_start, count)
    VALUES (${accountKey(email)}, ${at}, 1), (${addressKey(address)}, ${at}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN auth_limits.window_start <= ${since} THEN 1 ELSE auth_limits.count + 1 END,
      window_start = CASE WHEN auth_limits.window_start <= ${since} THEN ${at}::timestamptz ELSE auth_limits.window_start END
    RETURNING key, count
  `)) as { rows: { key: string; count: number }[] };
  const count = (key: string) => result.rows.find((r) => r.key === key)?.count ?? 0;
  return count(accountKey(email)) > MAX_PER_ACCOUNT || count(addressKey(address)) > MAX_PER_ADDRESS;
}

/**
 * A successful sign-in: the account starts afresh, and the address gets its `attempts` back (two
 * for a sign-in in two steps: the password's and the second factor's).
 */
export async function forgiveAttempt(db: Db, email: string, address: string, attempts = 1): Promise<void> {
  await db.delete(authLimits).where(eq(authLimits.key, accountKey(email)));
  await db
    .update(authLimits)
    .set({ count: sql`greatest(${authLimits.count} - ${attempts}, 0)` })
    .where(eq(authLimits.key, addressKey(address)));
}

/** Lifts an account's lock (admin unlock, password reset). */
export async function unlockAccount(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .delete(authLimits)
    .where(inArray(authLimits.key, [accountKey(email)]))
    .returning({ key: authLimits.key });
  return rows.length > 0;
}
