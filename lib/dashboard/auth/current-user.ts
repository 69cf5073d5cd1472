import "server-only";
import { createHmac } from "node:crypto";
import { decode } from "next-auth/jwt";
import { getDb } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/availability";
import { env } from "@/lib/env";
import { activeSession, type CurrentUser } from "./sessions";
import { processSingleton } from "@/lib/process-singleton";

export type { CurrentUser };

export const sessionCookieName = () => (env().secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token");

/**
 * The session token from a Cookie header. Only our own cookie is read, and read as it is
 * (next-auth's tokens need no decoding): a malformed cookie of another name, which any sibling
 * subdomain could set, must not break our pages.
 */
export function sessionToken(cookieHeader: string | null, name = sessionCookieName()): string | null {
  if (!cookieHeader) return null;
  const values = new Map<string, string>();
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    if (key === name || key.startsWith(`${name}.`)) values.set(key, part.slice(eq + 1).trim());
  }
  const whole = values.get(name);
  if (whole) return whole;
  // next-auth splits cookies over 4 KB into name.0, name.1, …
  let chunked = "";
  for (let i = 0; values.has(`${name}.${i}`); i++) chunked += values.get(`${name}.${i}`);
  return chunked || null;
}

// Decrypting the session JWT (HKDF + AES-GCM) costs more than the rest of a proxied read, so
// decoded tokens are kept until they expire. Only successfully decrypted tokens are cached.
const MAX_TOKENS = 10_000;
type Claims = { sub: string; sid: string; exp: number };
// Per process: a cache of decrypted tokens, valid wherever it lives.
const tokenCache = processSingleton("session-tokens", () => new Map<string, Claims>());

async function claimsOf(token: string): Promise<Claims | null> {
  const cache = tokenCache;
  const now = Date.now() / 1000;
  const hit = cache.get(token);
  if (hit) return hit.exp > now ? hit : null;
  const jwt = await decode({ token, secret: env().secrets.AUTH_SECRET });
  if (!jwt?.sub || typeof jwt.sid !== "string" || typeof jwt.exp !== "number" || jwt.exp <= now) return null;
  if (cache.size >= MAX_TOKENS) cache.clear();
  const claims = { sub: jwt.sub, sid: jwt.sid, exp: jwt.exp };
  cache.set(token, claims);
  return claims;
}

/** The session row a request's cookie names (whether or not it is still live), or null. */
export async function sessionIdOf(req: Request): Promise<string | null> {
  const token = sessionToken(req.headers.get("cookie"));
  return token ? ((await claimsOf(token).catch(() => null))?.sid ?? null) : null;
}

/**
 * What a browser's tabs name their shared event stream after (lib/dashboard/client/shared-event-stream.ts):
 * one name per session, so that the tabs of the next person to sign in on this browser never
 * follow the stream of the one before. Derived from the session's id, which it does not reveal.
 */
export function streamScopeOf(sessionId: string): string {
  return createHmac("sha256", env().secrets.AUTH_SECRET).update(`stream:${sessionId}`).digest("base64url").slice(0, 22);
}

/** The signed-in user of a request (session JWT cookie of a live session), or null. */
export async function currentUser(req: Request | { headers: Headers }): Promise<CurrentUser | null> {
  try {
    const token = sessionToken(req.headers.get("cookie"));
    if (!token) return null;
    const claims = await claimsOf(token);
    return claims ? await activeSession(await getDb(), claims.sid, claims.sub) : null;
  } catch (error) {
    // a database out of reach is not a signed-out user: the request fails with 503 instead
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}
