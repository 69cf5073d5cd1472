import "server-only";
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db } from "@/lib/db/client";
import { totpFactors } from "@/lib/db/schema";
import { decryptSecret, encryptSecret } from "@/lib/dashboard/auth/encryption";
import { ApiError } from "@/lib/errors";

// Authenticator app codes (RFC 6238): HMAC-SHA-1, 6 digits, 30-second steps, one step of drift
// either way. A code is accepted once: the step of each accepted code is kept, and a code of that
// step or an earlier one is refused, so a code seen over a shoulder or replayed within its window
// opens nothing. The shared key is sealed at rest like every other secret.

const PERIOD = 30;
const ISSUER = "Exchange dashboard";

const totpOf = (secret: string, label = "") =>
  new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A code as people type it: spaces and dashes dropped. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, "");

/**
 * The time step a code belongs to (now, or one step before or after), or null when it is no
 * code of the key at all.
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const token = normaliseCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** A new key for the user's authenticator app, pending until a first code confirms it. */
export async function startTotp(db: Db, user: { id: string; email: string }, now = new Date()) {
  const [existing] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.confirmedAt)));
  if (existing) throw new ApiError("conflict", "An authenticator app is set up already: remove it first");
  const secret = new Secret({ size: 20 }).base32;
  const row = { userId: user.id, secretEnc: encryptSecret(secret), createdAt: now, confirmedAt: null, lastStep: 0 };
  await db
    .insert(totpFactors)
    .values(row)
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretEnc: row.secretEnc, createdAt: now, lastStep: 0 } });
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/** Confirms a pending key with a first code from the app; false when the code is not right. */
export async function confirmTotp(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const [pending] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)));
  if (!pending) throw new ApiError("conflict", "Start setting up an authenticator app first");
  const step = stepOfCode(decryptSecret(pending.secretEnc), code, now.getTime());
  if (step === null) return false;
  const confirmed = await db
    .update(totpFactors)
    .set({ confirmedAt: now, lastStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return confirmed.length > 0;
}

/**
 * Checks a code of the user's confirmed app and uses it up: true only for the first use of a
 * right code. The step is taken in one conditional update, so two instances given the same code
 * at once accept it once.
 */
export async function spendTotpCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!factor) return false;
  const step = stepOfCode(decryptSecret(factor.secretEnc), code, now.getTime());
  if (step === null) return false;
  const taken = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return taken.length > 0;
}

export async function hasTotp(db: Db, userId: string): Promise<{ confirmedAt: Date } | null> {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return factor?.confirmedAt ? { confirmedAt: factor.confirmedAt } : null;
}

export async function removeTotp(db: Db, userId: string): Promise<boolean> {
  const removed = await db.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ userId: totpFactors.userId });
  return removed.length > 0;
}
