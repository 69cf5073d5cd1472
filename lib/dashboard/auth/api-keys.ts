import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated, ApiKeyScope, ApiKeyStatusReason } from "@/lib/dashboard/contract/api-keys-api";
import { ApiError } from "@/lib/errors";
import { takeToken } from "@/lib/rate-limit/token-bucket";
import { recordAudit } from "@/lib/dashboard/audit/record";
import type { CurrentUser } from "./sessions";

// Keys of the dashboard's API, for the affiliate's own systems: `Authorization: Bearer <key>`
// on the /api routes their scopes allow, without a cookie or an Origin check.
//
// A key acts for its creator and never does more than they may do now: its effective rights are
// its scopes narrowed by the creator's current role (a viewer's keys only read), and a creator
// who is disabled, or no longer in the key's tenant, takes the key down (401 api_key_inactive).
// The creator is read with the key on every request, so a change holds at once everywhere, and
// is undone as soon as the person is enabled or promoted again.
//
// A key is dk_ + 8 characters (its public prefix, shown in lists and the audit log) + _ + 32
// random characters. Only the SHA-256 of the whole key is kept: it has 192 random bits, so a
// slow hash would add nothing. Every request looks its key up afresh (one indexed read), so a
// revocation holds at once on every instance. Each key may make RATE requests a second, in
// bursts of BURST, counted in the database over every instance.

const RATE = 20;
const BURST = 100;
/** last_used_at is written at most this often per key, not on every request. */
const TOUCH_MS = 60_000;
const MAX_KEYS = 50;

type Row = typeof apiKeys.$inferSelect;

const hash = (key: string) => createHash("sha256").update(key).digest();

/** What a key's rights depend on: its creator's account as it is now (null: no longer there). */
type Creator = { role: string; tenantId: string | null; disabled: boolean } | null;

export type KeyStanding = {
  status: "active" | "limited" | "inactive";
  reason: ApiKeyStatusReason | null;
  /** The role the key acts in, at most an admin's; null while it is inactive. */
  role: "admin" | "viewer" | null;
  effectiveScopes: ApiKeyScope[];
};

/** The key's rights now: its scopes narrowed by its creator's role, or none. */
export function keyStanding(scopes: readonly ApiKeyScope[], keyTenantId: string, creator: Creator): KeyStanding {
  const inactive = (reason: ApiKeyStatusReason): KeyStanding => ({ status: "inactive", reason, role: null, effectiveScopes: [] });
  if (!creator || (creator.role !== "operator" && creator.tenantId !== keyTenantId)) return inactive("creator_removed");
  if (creator.disabled) return inactive("creator_disabled");
  const sorted = [...scopes].sort();
  if (creator.role !== "viewer") return { status: "active", reason: null, role: "admin", effectiveScopes: sorted };
  const readOnly = sorted.filter((scope) => scope !== "write");
  return readOnly.length === sorted.length
    ? { status: "active", reason: null, role: "viewer", effectiveScopes: sorted }
    : { status: "limited", reason: "creator_viewer", role: "viewer", effectiveScopes: readOnly };
}

function view(row: Row, creator: Creator): ApiKey {
  const standing = keyStanding(row.scopes as ApiKeyScope[], row.tenantId, creator);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    status: standing.status,
    status_reason: standing.reason,
    effective_scopes: standing.effectiveScopes,
  };
}

const creatorColumns = { role: users.role, tenantId: users.tenantId, disabled: users.disabled };
/** A row's creator as the left join found them (all null: the account is gone). */
const creatorOf = (c: { role: string | null; tenantId: string | null; disabled: boolean | null } | null): Creator =>
  c === null || c.role === null || c.disabled === null ? null : { role: c.role, tenantId: c.tenantId, disabled: c.disabled };

/** The tenant's keys that are not revoked, each with its standing; those of one creator when `createdBy` is given. */
async function keysWithCreators(db: Db, where: { tenantId?: string; createdBy?: string }) {
  const rows = await db
    .select({ key: apiKeys, creator: creatorColumns })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        isNull(apiKeys.revokedAt),
        where.tenantId ? eq(apiKeys.tenantId, where.tenantId) : undefined,
        where.createdBy ? eq(apiKeys.createdBy, where.createdBy) : undefined,
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => view(r.key, creatorOf(r.creator)));
}

export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKey[]> {
  return keysWithCreators(db, { tenantId });
}

/** Who changed a person's rights: someone signed in, or the admin command line (no user). */
export type RightsActor = { userId: string | null; email: string | null; requestId: string };

const standingActions = { active: "api_keys.restore", limited: "api_keys.limit", inactive: "api_keys.deactivate" } as const;

/**
 * Runs a change of a person's rights (role, tenant, disabled) and records in the audit log, for
 * each key they made whose standing it changed, what became of it.
 */
export async function auditingKeysOf<T>(db: Db, userId: string, actor: RightsActor, change: () => Promise<T>): Promise<T> {
  const before = new Map((await keysWithCreators(db, { createdBy: userId })).map((k) => [k.id, k]));
  const result = await change();
  const after = await keysWithCreators(db, { createdBy: userId });
  const tenantOf = new Map(
    (await db.select({ id: apiKeys.id, tenantId: apiKeys.tenantId }).from(apiKeys).where(eq(apiKeys.createdBy, userId))).map((r) => [
      r.id,
      r.tenantId,
    ]),
  );
  for (const key of after) {
    const was = before.get(key.id);
    if (!was || (was.status === key.status && was.status_reason === key.status_reason)) continue;
    await recordAudit(db, {
      tenantId: tenantOf.get(key.id) ?? null,
      userId: actor.userId,
      userEmail: actor.email,
      action: standingActions[key.status],
      target: `${key.prefix} ${key.name} (${key.status_reason ?? "active"})`,
      result: "ok",
      requestId: actor.requestId,
    });
  }
  return result;
}

export async function createApiKey(db: Db, tenantId: string, creator: Pick<CurrentUser, "id" | "email">, body: ApiKeyCreateBody) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)));
  if (Number(n) >= MAX_KEYS) throw new ApiError("conflict", `A tenant has at most ${MAX_KEYS} API keys; revoke one first`);
  const prefix = `dk_${randomBytes(6).toString("base64url")}`;
  const key = `${prefix}_${randomBytes(24).toString("base64url")}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      tenantId,
      name: body.name,
      prefix,
      secretHash: hash(key).toString("hex"),
      scopes: [...new Set(body.scopes)].sort(),
      createdBy: creator.id,
      createdByEmail: creator.email,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return { ...view(row, { role: "admin", tenantId, disabled: false }), key } satisfies ApiKeyCreated;
}

export async function revokeApiKey(db: Db, tenantId: string, id: string): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new ApiError("not_found", "No such API key");
}

/** The key of an `Authorization: Bearer dk_…` header, or null when the request carries none. */
export function bearerKey(headers: Headers): string | null {
  const match = /^Bearer\s+(dk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{32})\s*$/i.exec(headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

/**
 * Who acts with a key: its creator, in its tenant, in the role its creator holds now (at most an
 * admin's), marked as the key with its scopes. Null for an unknown or revoked key; 401
 * api_key_inactive while its creator is disabled or gone; 429 past the key's rate.
 */
export async function userOfApiKey(db: Db, key: string): Promise<CurrentUser | null> {
  // dk_ and 8 characters (which may hold _ themselves, as the secret part may)
  const prefix = key.slice(0, 11);
  const [found] = await db
    .select({ key: apiKeys, creator: creatorColumns })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
  const row = found?.key;
  if (!found || !row || !timingSafeEqual(hash(key), Buffer.from(row.secretHash, "hex"))) return null;
  const scopes = row.scopes as ApiKeyScope[];
  const standing = keyStanding(scopes, row.tenantId, creatorOf(found.creator));
  if (standing.role === null) {
    throw new ApiError(
      "api_key_inactive",
      standing.reason === "creator_disabled" ? "The key's creator is disabled" : "The key's creator is no longer on this team",
    );
  }
  if (!(await takeToken(db, `api-key:${row.id}`, RATE, BURST))) {
    throw new ApiError("rate_limited", `An API key may make ${RATE} requests a second (bursts of ${BURST})`, undefined, {
      "Retry-After": "1",
    });
  }
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  return {
    id: row.createdBy ?? row.id,
    email: row.createdByEmail,
    role: standing.role,
    tenantId: row.tenantId,
    sessionId: `api-key:${row.id}`,
    method: "password",
    // its creation needed a confirmed factor: a key counts as confirmed
    reauthenticatedAt: now,
    mustEnrol: false,
    apiKey: { id: row.id, prefix: row.prefix, name: row.name, scopes },
  };
}

/** Paths a key never opens: the operator console, settings (team, keys, security, credentials), one's account. */
const closedToKeys = /^\/api\/(operator|settings|account|sign-in|auth)(\/|$)/;
/** Paths of the reports scope: reports, statements and exports (reads). */
const reportPaths = /^\/api\/(reports\/|agreements(\/|$)|exchanges\/export\.|orders\/export\.)/;

/** Paths of the logs scope: the request logs (reads; they hold what was sent, so read alone does not open them). */
const logPaths = /^\/api\/request-logs(\/|$)/;

/** The scope a request needs, or null when keys are not accepted there. */
export function scopeFor(method: string, pathname: string, mutation: boolean): ApiKeyScope | ApiKeyScope[] | null {
  if (closedToKeys.test(pathname)) return null;
  if (mutation || method !== "GET") return "write";
  if (logPaths.test(pathname)) return "logs";
  return reportPaths.test(pathname) ? ["read", "reports"] : "read";
}

/** Refuses a key without the scope this request needs (403 insufficient_scope). */
export function requireScope(user: CurrentUser, req: Request, mutation: boolean) {
  if (!user.apiKey) return;
  const needed = scopeFor(req.method, new URL(req.url).pathname, mutation);
  if (needed === null) throw new ApiError("insufficient_scope", "API keys are not accepted here: sign in instead");
  const any = Array.isArray(needed) ? needed : [needed];
  if (!any.some((scope) => user.apiKey?.scopes.includes(scope))) {
    throw new ApiError("insufficient_scope", `This key's scopes (${user.apiKey.scopes.join(", ")}) do not include ${any.join(" or ")}`);
  }
}
