import "server-only";
import { cookies } from "next/headers";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { originOf } from "@/lib/http/request-origin";
import { parseJsonOrUndefined } from "@/lib/http/json-text";
import { authenticationResponseSchema } from "@/lib/dashboard/contract/account-api";
import { clientAddress } from "./client-address";
import { dummyHash, verifyPassword } from "./password";
import { countAttempt, forgiveAttempt } from "./sign-in-limit";
import { recordSignIn } from "./sign-in-history";
import type { Role } from "./roles";
import { beginChallenge, failChallenge, readChallenge, takeChallenge, endChallenge, tokenHash } from "./factors/challenges";
import { hasSecondFactor } from "./factors/factors";
import { relyingParty, verifyPasskey } from "./factors/passkeys";
import type { SignInMethod } from "./factors/policy";
import { spendRecoveryCode } from "./factors/recovery-codes";
import { spendTotpCode } from "./factors/totp";

// The steps of signing in, each a Credentials provider of next-auth (lib/dashboard/auth/options.ts):
//   credentials    email and password; a user with a second factor gets no session here, only a
//                  half-signed-in state for this browser (an httpOnly cookie, 5 minutes);
//   second-factor  that browser's state and a code, a recovery code or a passkey: the session;
//   passkey        a passkey alone, with user verification: the session.
// Wrong passwords and wrong codes count against the same limits (5 per account, 20 per address
// in 15 minutes); every outcome on an existing account is in the sign-in history.

export const SECOND_STEP_MS = 5 * 60 * 1000;

/** The errors the sign-in page shows (next-auth hands a thrown message on as ?error=). */
export const signInErrors = {
  rateLimited: "RateLimited",
  secondFactorRequired: "SecondFactorRequired",
  wrongCode: "WrongCode",
  secondStepExpired: "SecondStepExpired",
  passkeyFailed: "PasskeyFailed",
} as const;

export type SignedIn = { id: string; email: string; role: Role; tenantId: string | null; method: SignInMethod };
type Headers_ = Record<string, string | string[] | undefined>;

const cookieName = (base: string) => (env().secureCookies ? `__Secure-${base}` : base);
export const pendingCookie = () => cookieName("sign-in-pending");
export const passkeyCookie = () => cookieName("passkey-challenge");

/**
 * A ceremony's cookie: only this app's server reads it, never a script. The sign-in page reads
 * the pending second step too (to go on where a reload left it), so it is sent to every path.
 */
export async function setCeremonyCookie(name: string, token: string) {
  (await cookies()).set(name, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: SECOND_STEP_MS / 1000,
  });
}

const readCookie = async (name: string) => (await cookies()).get(name)?.value ?? null;

async function clearCookie(name: string) {
  (await cookies()).set(name, "", { httpOnly: true, sameSite: "lax", secure: env().secureCookies, path: "/", maxAge: 0 });
}

const originFrom = (headers: Headers_) =>
  originOf(new Headers(Object.entries(headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : []))));

async function userById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

const signedIn = (user: typeof users.$inferSelect, method: SignInMethod): SignedIn => ({
  id: user.id,
  email: user.email,
  role: user.role as Role,
  tenantId: user.tenantId,
  method,
});

const passwordSchema = z.object({ email: z.string().trim().toLowerCase().email().max(254), password: z.string().min(1).max(1024) });

/** Step one: email and password. A session for a user without a second factor; a second step otherwise. */
export async function authorizePassword(credentials: unknown, headers: Headers_): Promise<SignedIn | null> {
  const parsed = passwordSchema.safeParse(credentials ?? {});
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const address = clientAddress(headers);
  const db = await getDb();
  // counted before the password is checked: of any burst, at most the limit get that far
  const limited = await countAttempt(db, email, address);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (limited) {
    if (user) await recordSignIn(db, user, address, "rate_limited");
    throw new Error(signInErrors.rateLimited);
  }
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false);
  if (!user) return null;
  if (!ok || user.disabled) {
    await recordSignIn(db, user, address, ok ? "disabled" : "wrong_password");
    return null;
  }
  if (await hasSecondFactor(db, user.id)) {
    // the attempt stays counted until the second step succeeds
    const { token } = await beginChallenge(db, { kind: "second_factor", userId: user.id, ttlMs: SECOND_STEP_MS });
    await setCeremonyCookie(pendingCookie(), token ?? "");
    throw new Error(signInErrors.secondFactorRequired);
  }
  await forgiveAttempt(db, email, address);
  await recordSignIn(db, user, address, "ok", "password");
  return signedIn(user, "password");
}

const secondStepSchema = z
  .object({
    code: z.string().max(32).optional(),
    recovery_code: z.string().max(64).optional(),
    passkey: z
      .string()
      .max(64 * 1024)
      .optional(),
  })
  .refine((s) => [s.code, s.recovery_code, s.passkey].filter(Boolean).length === 1, "exactly one of code, recovery_code, passkey");

/** Step two: this browser's half-signed-in state and one proof of a second factor. */
export async function authorizeSecondFactor(credentials: unknown, headers: Headers_): Promise<SignedIn> {
  const db = await getDb();
  const token = await readCookie(pendingCookie());
  const pending = token ? await readChallenge(db, tokenHash(token), "second_factor") : null;
  const user = pending?.userId ? await userById(db, pending.userId) : null;
  if (!pending || !user || user.disabled) throw new Error(signInErrors.secondStepExpired);
  const parsed = secondStepSchema.safeParse(credentials ?? {});
  if (!parsed.success) throw new Error(signInErrors.wrongCode);
  const address = clientAddress(headers);
  if (await countAttempt(db, user.email, address)) {
    await recordSignIn(db, user, address, "rate_limited");
    await endChallenge(db, pending.id);
    throw new Error(signInErrors.rateLimited);
  }
  const proof = parsed.data;
  let method: SignInMethod | null = null;
  if (proof.code) method = (await spendTotpCode(db, user.id, proof.code)) ? "password_code" : null;
  else if (proof.recovery_code) method = (await spendRecoveryCode(db, user.id, proof.recovery_code)) ? "recovery_code" : null;
  else if (proof.passkey && pending.challenge)
    method = (await passkeyOf(db, headers, pending.challenge, proof.passkey, user.id)) ? "passkey" : null;
  if (!method) {
    await recordSignIn(db, user, address, "wrong_code");
    const goesOn = await failChallenge(db, pending.id);
    throw new Error(goesOn ? signInErrors.wrongCode : signInErrors.secondStepExpired);
  }
  // the state is used once: of two requests with the same cookie, one signs in
  if (!(await takeChallenge(db, pending.id, "second_factor"))) throw new Error(signInErrors.secondStepExpired);
  await clearCookie(pendingCookie());
  // both steps' attempts: the password's stayed counted until now
  await forgiveAttempt(db, user.email, address, 2);
  await recordSignIn(db, user, address, "ok", method);
  return signedIn(user, method);
}

async function passkeyOf(db: Db, headers: Headers_, challenge: string, json: string, userId: string | null) {
  const response = authenticationResponseSchema.safeParse(parseJsonOrUndefined(json));
  if (!response.success) return null;
  return verifyPasskey(db, relyingParty(originFrom(headers)), { challenge, response: response.data, userId });
}

/** A passkey alone: the challenge this browser was given, answered with user verification. */
export async function authorizePasskey(credentials: unknown, headers: Headers_): Promise<SignedIn> {
  const db = await getDb();
  const token = await readCookie(passkeyCookie());
  const ceremony = token ? await takeChallenge(db, tokenHash(token), "passkey_sign_in") : null;
  await clearCookie(passkeyCookie());
  const json = z.object({ response: z.string().max(64 * 1024) }).safeParse(credentials ?? {});
  const verified = ceremony?.challenge && json.success ? await passkeyOf(db, headers, ceremony.challenge, json.data.response, null) : null;
  const user = verified ? await userById(db, verified.userId) : null;
  const address = clientAddress(headers);
  if (!user) throw new Error(signInErrors.passkeyFailed);
  if (user.disabled) {
    await recordSignIn(db, user, address, "disabled");
    throw new Error(signInErrors.passkeyFailed);
  }
  await recordSignIn(db, user, address, "ok", "passkey");
  return signedIn(user, "passkey");
}
