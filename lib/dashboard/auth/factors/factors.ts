import "server-only";
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { authChallenges, passkeys, totpFactors } from "@/lib/db/schema";
import { revokeUserSessions } from "../sessions";
import { removeAllPasskeys } from "./passkeys";
import { remainingRecoveryCodes, removeRecoveryCodes } from "./recovery-codes";
import { removeTotp } from "./totp";

// A user's second factors as a whole: whether they have one, which, and an admin's reset.

export type FactorSummary = { passkeys: number; totp: boolean; recoveryCodes: number };

export async function factorSummary(db: Db, userId: string): Promise<FactorSummary> {
  const [[keys], [app], codes] = await Promise.all([
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    remainingRecoveryCodes(db, userId),
  ]);
  return { passkeys: keys?.n ?? 0, totp: (app?.n ?? 0) > 0, recoveryCodes: codes };
}

/** A passkey or a confirmed authenticator app (recovery codes only stand in for those). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const summary = await factorSummary(db, userId);
  return summary.passkeys > 0 || summary.totp;
}

/**
 * Removes every second factor of a user (an admin's recovery for someone who lost them all) and
 * ends their sessions on every instance: they sign in with their password and, where the policy
 * asks, enrol again.
 */
export async function resetSecondFactors(db: Db, userId: string, reason = "second factors reset"): Promise<{ revoked: number }> {
  await removeAllPasskeys(db, userId);
  await removeTotp(db, userId);
  await removeRecoveryCodes(db, userId);
  await db.delete(authChallenges).where(eq(authChallenges.userId, userId));
  return { revoked: await revokeUserSessions(db, userId, reason) };
}
