import "server-only";
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { recoveryCodes } from "@/lib/db/schema";

// Ten single-use codes for when the passkey and the phone are both out of reach. They are shown
// once and kept as SHA-256 of the user's id and the code: each code is 12 letters and digits of
// an alphabet of 31 (about 59 bits), far past what an offline guess of a hash could reach, so a
// slow hash would add nothing but ten argon2 runs to every use.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A code as typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const hashOf = (userId: string, code: string) =>
  createHash("sha256")
    .update(`${userId}:${normalise(code)}`)
    .digest("hex");

/** Ten new codes; the ones before stop working. The plain codes are in this answer only. */
export async function newRecoveryCodes(db: Db, userId: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(userId, code), createdAt: now })));
  });
  return codes;
}

/** Uses a code up: true the first time a right code is given, in one conditional update. */
export async function spendRecoveryCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  if (!/^[a-z0-9]{12}$/.test(normalise(code))) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(userId, code)), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return used.length > 0;
}

export async function remainingRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function removeRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
