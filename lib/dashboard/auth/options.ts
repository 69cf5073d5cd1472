import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { safeCallbackPath } from "./safe-callback";
import { activeSession, revokeSession, SESSION_LIFETIME_MS, startSession } from "./sessions";
import type { Role } from "./roles";
import type { SignInMethod } from "./factors/policy";
import { authorizePasskey, authorizePassword, authorizeSecondFactor, signInErrors } from "./sign-in-steps";
import { errorText, logger } from "@/lib/log";

const log = logger("auth");

export const SESSION_MAX_AGE_S = SESSION_LIFETIME_MS / 1000;

declare module "next-auth" {
  interface User {
    role: Role;
    tenantId: string | null;
    method: SignInMethod;
  }
  interface Session {
    user: { id: string; email: string; role: Role; tenantId: string | null };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    tenantId?: string | null;
    /** The session row (lib/dashboard/auth/sessions.ts) this token belongs to. */
    sid?: string;
  }
}

/** Errors the sign-in page shows: next-auth passes the message on as ?error=. */
export const SIGN_IN_RATE_LIMITED = signInErrors.rateLimited;

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
    // the steps of lib/dashboard/auth/sign-in-steps.ts
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, req) => authorizePassword(credentials, req.headers ?? {}),
      }),
      CredentialsProvider({
        id: "second-factor",
        name: "Second factor",
        credentials: { code: { type: "text" }, recovery_code: { type: "text" }, passkey: { type: "text" } },
        authorize: (credentials, req) => authorizeSecondFactor(credentials, req.headers ?? {}),
      }),
      CredentialsProvider({
        id: "passkey",
        name: "Passkey",
        credentials: { response: { type: "text" } },
        authorize: (credentials, req) => authorizePasskey(credentials, req.headers ?? {}),
      }),
    ],
    callbacks: {
      // Sign-in starts a session row; every later refresh (GET /api/auth/session) checks it is
      // still live, and a throw here makes next-auth clear the cookie instead of re-issuing it.
      async jwt({ token, user }) {
        const db = await getDb();
        if (user) {
          const session = await startSession(db, user.id, new Date(), user.method);
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
