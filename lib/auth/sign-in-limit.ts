import "server-only";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { authFailures } from "@/lib/db/schema";

// Failed sign-ins are limited per account and per address, over a sliding window, in the
// database so that every instance sees the same count.
export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_ADDRESS = 20;

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

export async function isLimited(db: Db, email: string, address: string): Promise<boolean> {
  const since = new Date(Date.now() - WINDOW_MS);
  const rows = await db
    .select({ key: authFailures.key, count: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(and(inArray(authFailures.key, [accountKey(email), addressKey(address)]), gt(authFailures.at, since)))
    .groupBy(authFailures.key);
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  return count(accountKey(email)) >= MAX_PER_ACCOUNT || count(addressKey(address)) >= MAX_PER_ADDRESS;
}

export async function recordFailure(db: Db, email: string, address: string): Promise<void> {
  const at = new Date();
  await db.insert(authFailures).values([
    { key: accountKey(email), at },
    { key: addressKey(address), at },
  ]);
  await db.delete(authFailures).where(lt(authFailures.at, new Date(at.getTime() - WINDOW_MS)));
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearAccount(db: Db, email: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, accountKey(email)));
}
