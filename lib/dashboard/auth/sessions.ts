import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions, tenants, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Role } from "./roles";
import { secondFactorRequired, type SignInMethod } from "./factors/policy";
import { hasFactorSql } from "./factors/has-factor-sql";
import { processSingleton } from "@/lib/process-singleton";
import { invalidate, onInvalidation } from "@/lib/db/cache-bus";

/** A session ends 8 hours after sign-in however often it is refreshed. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

export type CurrentUser = {
  id: string;
  email: string;
  role: Role;
  tenantId: string | null;
  sessionId: string;
  /** How the session was signed in. */
  method: SignInMethod;
  /** When its user last proved a factor (sign-in, or a step-up since). */
  reauthenticatedAt: Date;
  /** The policy asks for a second factor the user has not set up: they may only enrol one. */
  mustEnrol: boolean;
  /** Set when an API key acts (on behalf of its creator): lib/dashboard/auth/api-keys.ts. */
  apiKey?: { id: string; prefix: string; name: string; scopes: ("read" | "write" | "reports" | "logs")[] };
};

/** A new session of a user who just signed in; signing in counts as a step-up. */
export async function startSession(db: Db, userId: string, now = new Date(), method: SignInMethod = "password") {
  const session = {
    id: randomUUID(),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    method,
    reauthenticatedAt: now,
  };
  await db.insert(sessions).values(session);
  return session;
}

// Sessions are looked up again on each request, cached this long: revoking a session,
// disabling its user or changing their role takes effect on live sessions within seconds.
export const SESSION_CACHE_MS = 3_000;
type Cached = { userId: string; user: CurrentUser | null; at: number };
// Per process: a short cache in front of the sessions table; every instance keeps its own, and
// drops a user's entries when any instance announces that their sessions ended (the cache bus).
const cache = processSingleton("session-cache", () => new Map<string, Cached>());
onInvalidation("sessions", (notice) => {
  if (!notice?.user_id) return cache.clear();
  for (const [id, entry] of cache) if (entry.userId === notice.user_id) cache.delete(id);
});

/** The user of a live session (not revoked, not past its end, user enabled), or null. */
export async function activeSession(db: Db, sessionId: string, userId: string): Promise<CurrentUser | null> {
  const hit = cache.get(sessionId);
  if (hit && hit.userId === userId && Date.now() - hit.at < SESSION_CACHE_MS) return hit.user;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      tenantId: users.tenantId,
      method: sessions.method,
      createdAt: sessions.createdAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
      tenantRequires: tenants.requireSecondFactor,
      hasFactor: hasFactorSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.disabled, false),
      ),
    );
  const user: CurrentUser | null = row
    ? {
        id: row.id,
        email: row.email,
        role: row.role as Role,
        tenantId: row.tenantId,
        sessionId,
        method: row.method as SignInMethod,
        reauthenticatedAt: row.reauthenticatedAt ?? row.createdAt,
        mustEnrol:
          !row.hasFactor &&
          secondFactorRequired({
            role: row.role as Role,
            tenantRequires: row.tenantRequires ?? false,
            sandboxEnabled: env().sandboxEnabled,
          }),
      }
    : null;
  if (cache.size > 50_000) cache.clear();
  cache.set(sessionId, { userId, user, at: Date.now() });
  return user;
}

/** The user proved a factor again: sensitive actions are open to this session for a while. */
export async function markReauthenticated(db: Db, sessionId: string, userId: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, sessionId));
  cache.delete(sessionId);
  await invalidate(db, { cache: "sessions", user_id: userId });
}

/** A change to the user's factors or their tenant's policy: every instance reads their sessions afresh. */
export async function forgetUserSessions(db: Db, userId: string | null): Promise<void> {
  if (!userId) cache.clear();
  for (const [id, entry] of cache) if (entry.userId === userId) cache.delete(id);
  await invalidate(db, userId ? { cache: "sessions", user_id: userId } : { cache: "sessions" });
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  cache.delete(sessionId);
  if (ended) await invalidate(db, { cache: "sessions", user_id: ended.userId });
}

/** Ends every live session of a user (password reset, disabled, role changed). */
export async function revokeUserSessions(db: Db, userId: string, reason: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of revoked) cache.delete(id);
  await invalidate(db, { cache: "sessions", user_id: userId });
  return revoked.length;
}
