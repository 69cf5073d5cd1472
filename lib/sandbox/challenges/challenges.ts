import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxChallenges } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { clientNow } from "../clock";

// docs/exchange-api.md#challenges: 8 characters of an unambiguous base32 alphabet (Crockford's,
// without 0/O, 1/I/L and U), 30 minutes, single use.
export const TOKEN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TOKEN_LENGTH = 8;
export const CHALLENGE_LIFETIME_MS = 30 * 60 * 1000;

type ChallengeRow = typeof sandboxChallenges.$inferSelect;

export function renderChallenge(row: ChallengeRow) {
  return {
    id: row.id,
    token: row.token,
    expires_on: row.expiresOn.toISOString(),
    completed_on: row.completedOn?.toISOString() ?? null,
  };
}

function newToken(): string {
  let token = "";
  for (let i = 0; i < TOKEN_LENGTH; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

// POST /v1/challenges
export async function createChallenge(db: Db, clientId: string) {
  const now = await clientNow(db, clientId);
  const [row] = await db
    .insert(sandboxChallenges)
    .values({ id: randomUUID(), clientId, token: newToken(), expiresOn: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) })
    .returning();
  if (!row) throw new Error("challenge insert returned nothing");
  return renderChallenge(row);
}

// GET /v1/challenges/{id}
export async function getChallenge(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(sandboxChallenges)
    .where(and(eq(sandboxChallenges.id, id), eq(sandboxChallenges.clientId, clientId)));
  if (!row) throw new ApiError("not_found", "No such challenge");
  return renderChallenge(row);
}

/** Every substring of the message that could be a token. */
function candidateTokens(message: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`^[${TOKEN_ALPHABET}]{${TOKEN_LENGTH}}$`);
  for (let i = 0; i + TOKEN_LENGTH <= message.length; i++) {
    const piece = message.slice(i, i + TOKEN_LENGTH);
    if (pattern.test(piece)) found.add(piece);
  }
  return [...found];
}

/**
 * Finds (and locks) the caller's open challenge whose token occurs in `message`.
 * Without an open one, says why: used, expired, or none at all.
 */
export async function findOpenChallenge(tx: Db, clientId: string, message: string, now: Date): Promise<ChallengeRow> {
  const candidates = candidateTokens(message);
  if (candidates.length === 0) throw new ApiError("challenge_not_found", "The message contains no challenge token");
  const rows = await tx
    .select()
    .from(sandboxChallenges)
    .where(and(eq(sandboxChallenges.clientId, clientId), inArray(sandboxChallenges.token, candidates)))
    .for("update");
  const open = rows.find((r) => !r.completedOn && r.expiresOn > now);
  if (open) return open;
  if (rows.some((r) => r.completedOn)) throw new ApiError("challenge_used", "The challenge in the message was already used");
  if (rows.length > 0) {
    // the sandbox's clock can be moved (a scenario, an operator, a fresh start's example
    // activity): saying both times tells a challenge that expired by a move from one that waited
    const expired = rows.reduce((a, b) => (a.expiresOn > b.expiresOn ? a : b)).expiresOn;
    throw new ApiError(
      "challenge_expired",
      `The challenge in the message has expired: at ${expired.toISOString()} on the sandbox's clock, which is at ${now.toISOString()}`,
    );
  }
  throw new ApiError("challenge_not_found", "The message contains no token of an open challenge of this client");
}

export async function completeChallenge(tx: Db, id: string, now: Date) {
  await tx.update(sandboxChallenges).set({ completedOn: now }).where(eq(sandboxChallenges.id, id));
}
