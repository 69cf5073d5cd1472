import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { dummyHash, verifyPassword } from "./password";
import { countAttempt, forgiveAttempt } from "./sign-in-limit";
import { recordSignIn } from "./sign-in-history";
import { safeCallbackPath } from "./safe-callback";
import { activeSession, revokeSession, SESSION_LIFETIME_MS, startSession } from "./sessions";
import type { Role } from "./roles";
import { errorText, logger } from "@/lib/log";

const log = logger("auth");

export const SESSION_MAX_AGE_S = SESSION_LIFETIME_MS / 1000;

const credentialsSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254), password: z.string().min(1).max(1024) });

declare module "next-auth" {
  interface User {
    role: Role;
    tenantId: string | null;
  }
  interface Session {
    user: { id: string; email: string; role: Role; tenantId: string | null };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    tenantId?: string | null;
    /** The session row (lib/auth/sessions.ts) this token belongs to. */
    sid?: string;
  }
}

/** Errors the sign-in page shows: next-auth passes the message on as ?error=. */
export const SIGN_IN_RATE_LIMITED = "RateLimited";

async function authorize(credentials: Record<string, string> | undefined, headers: Record<string, string | string[] | undefined>) {
  const parsed = credentialsSchema.safeParse(credentials ?? {});
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const address = clientAddress(headers);
  const db = await getDb();
  // counted before the password is checked: of any burst, at most the limit get that far
  const limited = await countAttempt(db, email, address);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (limited) {
    if (user) await recordSignIn(db, user, address, "rate_limited");
    throw new Error(SIGN_IN_RATE_LIMITED);
  }
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user) return null;
  if (!ok || user.disabled) {
    await recordSignIn(db, user, address, ok ? "disabled" : "wrong_password");
    return null;
  }
  await forgiveAttempt(db, email, address);
  await recordSignIn(db, user, address, "ok");
  return { id: user.id, email: user.email, role: user.role as Role, tenantId: user.tenantId };
}

export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.secrets.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    useSecureCookies: config.secureCookies,
    pages: { signIn: "/login", error: "/login" },
    events: {
      async signOut({ token }) {
        if (token?.sid) await revokeSession(await getDb(), token.sid, "signed out");
      },
    },
    logger: {
      // a refused refresh of a revoked session is expected, not an error worth a stack trace
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : "";
        log.warn({ code, detail: message ? errorText(message) : undefined }, "next-auth warning");
      },
      warn() {},
      debug() {},
    },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, req) => authorize(credentials, req.headers ?? {}),
      }),
    ],
    callbacks: {
      // Sign-in starts a session row; every later refresh (GET /api/auth/session) checks it is
      // still live, and a throw here makes next-auth clear the cookie instead of re-issuing it.
      async jwt({ token, user }) {
        const db = await getDb();
        if (user) {
          const session = await startSession(db, user.id);
          token.sid = session.id;
          token.role = user.role;
          token.tenantId = user.tenantId;
          return token;
        }
        const live = token.sid && token.sub ? await activeSession(db, token.sid, token.sub) : null;
        if (!live) throw new Error("session revoked or expired");
        token.role = live.role;
        token.tenantId = live.tenantId;
        return token;
      },
      redirect({ url, baseUrl }) {
        return `${baseUrl}${safeCallbackPath(url, baseUrl)}`;
      },
      session({ session, token }) {
        session.user = { id: token.sub ?? "", email: token.email ?? "", role: token.role ?? "viewer", tenantId: token.tenantId ?? null };
        return session;
      },
    },
  };
}
