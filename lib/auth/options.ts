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
import { clearAccount, isLimited, recordFailure } from "./sign-in-limit";
import type { Role } from "./roles";

export const SESSION_MAX_AGE_S = 8 * 60 * 60;

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
  if (await isLimited(db, email, address)) throw new Error(SIGN_IN_RATE_LIMITED);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user || !ok || user.disabled) {
    await recordFailure(db, email, address);
    return null;
  }
  await clearAccount(db, email);
  return { id: user.id, email: user.email, role: user.role as Role, tenantId: user.tenantId };
}

export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.secrets.AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    useSecureCookies: config.secureCookies,
    pages: { signIn: "/login", error: "/login" },
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
      jwt({ token, user }) {
        if (user) {
          token.role = user.role;
          token.tenantId = user.tenantId;
        }
        return token;
      },
      session({ session, token }) {
        session.user = { id: token.sub ?? "", email: token.email ?? "", role: token.role ?? "viewer", tenantId: token.tenantId ?? null };
        return session;
      },
    },
  };
}
