import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { memoryDatabase } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { activeSession, revokeSession, revokeUserSessions, SESSION_CACHE_MS, SESSION_LIFETIME_MS, startSession } from "./sessions";

async function user(db: Db, disabled = false) {
  const id = randomUUID();
  await db
    .insert(schema.users)
    .values({ id, email: `${id}@example.com`, passwordHash: "x", role: "admin", tenantId: null, disabled, createdAt: new Date() });
  return id;
}

let db: Db;
beforeAll(async () => {
  db = await memoryDatabase();
}, 60_000);

describe("sessions", () => {
  it("live until 8 hours after sign-in, however often they are used", async () => {
    const userId = await user(db);
    const fresh = await startSession(db, userId);
    expect((await activeSession(db, fresh.id, userId))?.id).toBe(userId);
    expect(fresh.expiresAt.getTime() - fresh.createdAt.getTime()).toBe(SESSION_LIFETIME_MS);
    // signed in 8 hours and a second ago: over, whatever refreshes happened since
    const old = await startSession(db, userId, new Date(Date.now() - SESSION_LIFETIME_MS - 1_000));
    expect(await activeSession(db, old.id, userId)).toBeNull();
  });

  it("a revoked session, another user's token, and a disabled user are no session", async () => {
    const userId = await user(db);
    const other = await user(db);
    const session = await startSession(db, userId);
    expect(await activeSession(db, session.id, other)).toBeNull();
    expect((await activeSession(db, session.id, userId))?.sessionId).toBe(session.id);
    await revokeSession(db, session.id, "signed out");
    expect(await activeSession(db, session.id, userId)).toBeNull();

    const disabled = await user(db, true);
    expect(await activeSession(db, (await startSession(db, disabled)).id, disabled)).toBeNull();
  });

  it("revoking a user's sessions ends all of them at once (the cache is dropped too)", async () => {
    const userId = await user(db);
    const sessions = [await startSession(db, userId), await startSession(db, userId)];
    for (const s of sessions) expect(await activeSession(db, s.id, userId)).not.toBeNull();
    expect(await revokeUserSessions(db, userId, "password reset")).toBe(2);
    for (const s of sessions) expect(await activeSession(db, s.id, userId)).toBeNull();
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(5_000);
  });
});
