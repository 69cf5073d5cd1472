import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { memoryDatabase } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { beginChallenge, failChallenge, MAX_CHALLENGE_ATTEMPTS, readChallenge, takeChallenge, tokenHash } from "./challenges";
import { newRecoveryCodes, remainingRecoveryCodes, spendRecoveryCode } from "./recovery-codes";

let db: Db;
let userId: string;
beforeAll(async () => {
  db = await memoryDatabase();
  userId = randomUUID();
  await db.insert(schema.users).values({
    id: userId,
    email: `${userId}@example.com`,
    passwordHash: "x",
    role: "viewer",
    tenantId: null,
    disabled: false,
    createdAt: new Date(),
  });
}, 60_000);

const FIVE_MINUTES = 5 * 60 * 1000;

describe("the half-signed-in state and other ceremonies", () => {
  it("is found by its browser's token only, lasts its five minutes, and is kept as a hash", async () => {
    const now = new Date();
    const { id, token } = await beginChallenge(db, { kind: "second_factor", userId, ttlMs: FIVE_MINUTES }, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).toBe(tokenHash(token ?? ""));
    expect(id).not.toContain(token ?? "");
    expect((await readChallenge(db, id, "second_factor", new Date(now.getTime() + FIVE_MINUTES - 1)))?.userId).toBe(userId);
    expect(await readChallenge(db, id, "second_factor", new Date(now.getTime() + FIVE_MINUTES))).toBeNull();
    expect(await readChallenge(db, id, "passkey_sign_in", now)).toBeNull();
    expect(await readChallenge(db, tokenHash("another token"), "second_factor", now)).toBeNull();
  });

  it("ends after five wrong answers", async () => {
    const { id } = await beginChallenge(db, { kind: "second_factor", userId, ttlMs: FIVE_MINUTES });
    const goesOn: boolean[] = [];
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) goesOn.push(await failChallenge(db, id));
    expect(goesOn).toEqual([true, true, true, true, false]);
    expect(await readChallenge(db, id, "second_factor")).toBeNull();
  });

  it("is taken once: of two concurrent takes, one gets it", async () => {
    const { id } = await beginChallenge(db, { kind: "passkey_sign_in", userId: null, challenge: "abc", ttlMs: FIVE_MINUTES });
    const taken = await Promise.all([takeChallenge(db, id, "passkey_sign_in"), takeChallenge(db, id, "passkey_sign_in")]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});

describe("recovery codes", () => {
  it("ten, each used once, read loosely; new ones replace the old", async () => {
    const codes = await newRecoveryCodes(db, userId);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const [first = "", second = ""] = codes;
    expect(await spendRecoveryCode(db, userId, first.toUpperCase().replace(/-/g, " "))).toBe(true);
    expect(await spendRecoveryCode(db, userId, first)).toBe(false);
    expect(await remainingRecoveryCodes(db, userId)).toBe(9);
    expect(await spendRecoveryCode(db, randomUUID(), second)).toBe(false);
    await newRecoveryCodes(db, userId);
    expect(await spendRecoveryCode(db, userId, second)).toBe(false);
    expect(await remainingRecoveryCodes(db, userId)).toBe(10);
  });
});
