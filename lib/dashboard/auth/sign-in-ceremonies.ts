import "server-only";
import { cookies } from "next/headers";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { clientAddress } from "./client-address";
import { takeToken } from "@/lib/rate-limit/token-bucket";
import { beginChallenge, readChallenge, setChallenge, tokenHash } from "./factors/challenges";
import { factorSummary } from "./factors/factors";
import { authenticationOptions, CEREMONY_MS, relyingParty } from "./factors/passkeys";
import { passkeyCookie, pendingCookie, setCeremonyCookie } from "./sign-in-steps";
import { eq } from "drizzle-orm";
import { users, authChallenges } from "@/lib/db/schema";
import type { PasskeyRequestOptions, SecondStep } from "@/lib/dashboard/contract/account-api";

// What the sign-in page asks before it hands a step to next-auth (lib/dashboard/auth/sign-in-steps.ts):
// the options of a passkey ceremony, and what may finish this browser's half-signed-in state.

/** Passkey ceremonies per address: one a second, twenty at once. */
async function allowCeremony(db: Db, headers: Headers) {
  if (!(await takeToken(db, `passkey:${clientAddress(headers)}`, 1, 20))) throw new ApiError("rate_limited", "Too many passkey attempts");
}

/** Options for signing in with any passkey of this site; the challenge is bound to this browser. */
export async function passkeySignInOptions(db: Db, headers: Headers, origin: string): Promise<PasskeyRequestOptions> {
  await allowCeremony(db, headers);
  const options = await authenticationOptions(db, relyingParty(origin));
  const { token } = await beginChallenge(db, { kind: "passkey_sign_in", userId: null, challenge: options.challenge, ttlMs: CEREMONY_MS });
  await setCeremonyCookie(passkeyCookie(), token ?? "");
  return options;
}

async function pendingOfThisBrowser(db: Db) {
  const token = (await cookies()).get(pendingCookie())?.value;
  const pending = token ? await readChallenge(db, tokenHash(token), "second_factor") : null;
  if (!pending?.userId) throw new ApiError("unauthorized", "No sign-in is under way in this browser, or it expired: start again");
  return { ...pending, userId: pending.userId };
}

/** GET /api/sign-in/second-factor – whom the half-signed-in state is for, and what may finish it. */
export async function secondStep(db: Db): Promise<SecondStep> {
  const pending = await pendingOfThisBrowser(db);
  const [[user], [row], factors] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, pending.userId)),
    db.select({ expiresAt: authChallenges.expiresAt }).from(authChallenges).where(eq(authChallenges.id, pending.id)),
    factorSummary(db, pending.userId),
  ]);
  const methods: SecondStep["methods"] = [];
  if (factors.totp) methods.push("code");
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.recoveryCodes > 0) methods.push("recovery_code");
  return { email: user?.email ?? "", methods, expires_at: (row?.expiresAt ?? new Date()).toISOString() } satisfies SecondStep;
}

/** Options for one of the half-signed-in user's own passkeys, as the second step. */
export async function secondStepPasskeyOptions(db: Db, headers: Headers, origin: string): Promise<PasskeyRequestOptions> {
  await allowCeremony(db, headers);
  const pending = await pendingOfThisBrowser(db);
  const options = await authenticationOptions(db, relyingParty(origin), pending.userId);
  if (!options.allowCredentials?.length) throw new ApiError("conflict", "This account has no passkey");
  await setChallenge(db, pending.id, options.challenge);
  return options;
}
