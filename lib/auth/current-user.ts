import "server-only";
import { decode } from "next-auth/jwt";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Role } from "./roles";

export type CurrentUser = { id: string; email: string; role: Role; tenantId: string | null };

// Users are looked up again on each request (cached a few seconds), so that disabling an
// account or changing its role takes effect on live sessions.
const CACHE_MS = 3_000;
type Cached = { user: CurrentUser | null; at: number };
const holder = globalThis as typeof globalThis & { __userCache?: Map<string, Cached> };

function sessionCookie(headers: Headers): string | null {
  const name = env().secureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  const cookies = new Map(
    (headers.get("cookie") ?? "")
      .split(";")
      .map((part) => part.trim().split("="))
      .filter((pair): pair is [string, string] => pair.length >= 2 && Boolean(pair[0]))
      .map(([k, ...v]) => [k, decodeURIComponent(v.join("="))]),
  );
  const whole = cookies.get(name);
  if (whole) return whole;
  // next-auth splits cookies over 4 KB into name.0, name.1, …
  let chunked = "";
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunked += cookies.get(`${name}.${i}`);
  return chunked || null;
}

async function loadUser(id: string): Promise<CurrentUser | null> {
  holder.__userCache ??= new Map();
  const cached = holder.__userCache.get(id);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.user;
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  const user = row && !row.disabled ? { id: row.id, email: row.email, role: row.role as Role, tenantId: row.tenantId } : null;
  holder.__userCache.set(id, { user, at: Date.now() });
  return user;
}

// Decrypting the session JWT (HKDF + AES-GCM) costs more than the rest of a proxied read, so
// decoded tokens are kept until they expire. Only successfully decrypted tokens are cached.
const MAX_TOKENS = 10_000;
const tokenHolder = globalThis as typeof globalThis & { __sessionTokens?: Map<string, { sub: string; exp: number }> };

async function subjectOf(token: string): Promise<string | null> {
  tokenHolder.__sessionTokens ??= new Map();
  const cache = tokenHolder.__sessionTokens;
  const now = Date.now() / 1000;
  const hit = cache.get(token);
  if (hit) return hit.exp > now ? hit.sub : null;
  const jwt = await decode({ token, secret: env().secrets.AUTH_SECRET });
  if (!jwt?.sub || typeof jwt.exp !== "number" || jwt.exp <= now) return null;
  if (cache.size >= MAX_TOKENS) cache.clear();
  cache.set(token, { sub: jwt.sub, exp: jwt.exp });
  return jwt.sub;
}

/** The signed-in user of a request (session JWT cookie), or null. */
export async function currentUser(req: Request | { headers: Headers }): Promise<CurrentUser | null> {
  const token = sessionCookie(req.headers);
  if (!token) return null;
  try {
    const sub = await subjectOf(token);
    return sub ? await loadUser(sub) : null;
  } catch {
    return null;
  }
}
