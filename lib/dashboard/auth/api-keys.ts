import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated, ApiKeyScope } from "@/lib/dashboard/contract/api-keys-api";
import { ApiError } from "@/lib/errors";
import { takeToken } from "@/lib/rate-limit/token-bucket";
import type { CurrentUser } from "./sessions";

// Keys of the dashboard's API, for the affiliate's own systems: `Authorization: Bearer <key>`
// on the /api routes their scopes allow, without a cookie or an Origin check.
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

function view(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, tenantId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(view);
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
  return { ...view(row), key } satisfies ApiKeyCreated;
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
 * Who acts with a key: its creator's tenant, in the role its scopes give (write: admin, else
 * viewer), marked as the key. Null for an unknown or revoked key. Refuses with 429 past the
 * key's rate.
 */
export async function userOfApiKey(db: Db, key: string): Promise<CurrentUser | null> {
  // dk_ and 8 characters (which may hold _ themselves, as the secret part may)
  const prefix = key.slice(0, 11);
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
  if (!row || !timingSafeEqual(hash(key), Buffer.from(row.secretHash, "hex"))) return null;
  if (!(await takeToken(db, `api-key:${row.id}`, RATE, BURST))) {
    throw new ApiError("rate_limited", `An API key may make ${RATE} requests a second (bursts of ${BURST})`, undefined, {
      "Retry-After": "1",
    });
  }
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  }
  const scopes = row.scopes as ApiKeyScope[];
  return {
    id: row.createdBy ?? row.id,
    email: row.createdByEmail,
    role: scopes.includes("write") ? "admin" : "viewer",
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

/** The scope a request needs, or null when keys are not accepted there. */
export function scopeFor(method: string, pathname: string, mutation: boolean): ApiKeyScope | ApiKeyScope[] | null {
  if (closedToKeys.test(pathname)) return null;
  if (mutation || method !== "GET") return "write";
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
