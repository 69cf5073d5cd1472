import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { authChallenges } from "@/lib/db/schema";

// The ceremonies in progress, in the database so that any instance may finish what another began:
// the half-signed-in state after a right password, and the WebAuthn challenges of passkey
// sign-in, registration and step-up. A row that belongs to a browser is keyed by the SHA-256 of
// a random token that only that browser holds, in an httpOnly cookie; the token itself is never
// stored. Every row has a short life and is used once.

export type ChallengeKind = "second_factor" | "passkey_sign_in" | "passkey_register" | "step_up";

/** Wrong answers a half-signed-in browser may give before it must start again with the password. */
export const MAX_CHALLENGE_ATTEMPTS = 5;

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

export type Challenge = { id: string; kind: ChallengeKind; userId: string | null; challenge: string | null; attempts: number };

/**
 * A new ceremony. With `bindTo: "browser"` the answer carries the token for the browser's cookie;
 * otherwise the row is keyed by `key` (one ceremony of that kind per key: a new one replaces it).
 */
export async function beginChallenge(
  db: Db,
  input: { kind: ChallengeKind; userId: string | null; challenge?: string; ttlMs: number; key?: string },
  now = new Date(),
): Promise<{ id: string; token: string | null }> {
  const token = input.key ? null : randomBytes(32).toString("base64url");
  const id = input.key ?? tokenHash(token ?? "");
  const row = {
    id,
    kind: input.kind,
    userId: input.userId,
    challenge: input.challenge ?? null,
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  };
  await db
    .insert(authChallenges)
    .values(row)
    .onConflictDoUpdate({ target: authChallenges.id, set: { ...row, id: undefined } });
  // the expired rows of anyone, a few at a time, so the table stays small without a job
  await db.execute(
    sql`DELETE FROM auth_challenges WHERE id IN (SELECT id FROM auth_challenges WHERE expires_at < ${now.toISOString()} LIMIT 50)`,
  );
  return { id, token };
}

/** A live ceremony by its id, left in place (the half-signed-in state counts its attempts). */
export async function readChallenge(db: Db, id: string, kind: ChallengeKind, now = new Date()): Promise<Challenge | null> {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.id, id), eq(authChallenges.kind, kind), gt(authChallenges.expiresAt, now)));
  return row ? { id: row.id, kind, userId: row.userId, challenge: row.challenge, attempts: row.attempts } : null;
}

/** Takes a live ceremony away: of two requests with the same token, one gets it. */
export async function takeChallenge(db: Db, id: string, kind: ChallengeKind, now = new Date()): Promise<Challenge | null> {
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, id), eq(authChallenges.kind, kind), gt(authChallenges.expiresAt, now)))
    .returning();
  return row ? { id: row.id, kind, userId: row.userId, challenge: row.challenge, attempts: row.attempts } : null;
}

/** A WebAuthn challenge for a ceremony already under way (a passkey as the second step). */
export async function setChallenge(db: Db, id: string, challenge: string): Promise<void> {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
}

/** Counts a wrong answer; the ceremony ends at the limit. True while it may go on. */
export async function failChallenge(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  if (row && row.attempts < MAX_CHALLENGE_ATTEMPTS) return true;
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
  return false;
}

export async function endChallenge(db: Db, id: string): Promise<void> {
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
}
