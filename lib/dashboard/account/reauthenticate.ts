import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { CurrentUser } from "@/lib/dashboard/auth/sessions";
import { markReauthenticated } from "@/lib/dashboard/auth/sessions";
import { verifyPassword } from "@/lib/dashboard/auth/password";
import { countAttempt, forgiveAttempt } from "@/lib/dashboard/auth/sign-in-limit";
import { beginChallenge, takeChallenge } from "@/lib/dashboard/auth/factors/challenges";
import { factorSummary } from "@/lib/dashboard/auth/factors/factors";
import { authenticationOptions, CEREMONY_MS, relyingParty, verifyPasskey } from "@/lib/dashboard/auth/factors/passkeys";
import { spendRecoveryCode } from "@/lib/dashboard/auth/factors/recovery-codes";
import { spendTotpCode } from "@/lib/dashboard/auth/factors/totp";
import { reauthenticatedUntil } from "@/lib/dashboard/auth/step-up";
import type { PasskeyRequestOptions, ReauthenticateBody, ReauthMethods } from "@/lib/dashboard/contract/account-api";

// Step-up (POST /api/account/reauthenticate): a signed-in person confirms a factor again, and
// sensitive actions are open to their session for 5 minutes. Someone with a second factor must
// use it (a stolen password alone opens nothing more); someone without one gives the password.
// Wrong answers count against the sign-in limits.

const stepUpKey = (sessionId: string) => `step_up:${sessionId}`;

export async function reauthMethods(db: Db, user: CurrentUser, now = Date.now()): Promise<ReauthMethods> {
  const factors = await factorSummary(db, user.id);
  const methods: ReauthMethods["methods"] = [];
  if (factors.passkeys > 0) methods.push("passkey");
  if (factors.totp) methods.push("code");
  if (methods.length > 0 && factors.recoveryCodes > 0) methods.push("recovery_code");
  if (methods.length === 0) methods.push("password");
  const until = reauthenticatedUntil(user);
  return { methods, reauthenticated_until: until.getTime() > now ? until.toISOString() : null } satisfies ReauthMethods;
}

/** A challenge for one of the person's own passkeys, bound to this session. */
export async function stepUpOptions(db: Db, user: CurrentUser, origin: string): Promise<PasskeyRequestOptions> {
  const options = await authenticationOptions(db, relyingParty(origin), user.id);
  if (!options.allowCredentials?.length) throw new ApiError("conflict", "You have no passkey");
  await beginChallenge(db, {
    kind: "step_up",
    userId: user.id,
    challenge: options.challenge,
    ttlMs: CEREMONY_MS,
    key: stepUpKey(user.sessionId),
  });
  return options;
}

async function proves(db: Db, user: CurrentUser, body: ReauthenticateBody, origin: string): Promise<boolean> {
  const methods = (await reauthMethods(db, user)).methods;
  if (!methods.includes(body.method)) {
    throw new ApiError("invalid_request", "Confirm with one of your factors", [
      { path: "method", message: `one of ${methods.join(", ")}` },
    ]);
  }
  switch (body.method) {
    case "password": {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      return row ? verifyPassword(row.hash, body.password) : false;
    }
    case "code":
      return spendTotpCode(db, user.id, body.code);
    case "recovery_code":
      return spendRecoveryCode(db, user.id, body.recovery_code);
    case "passkey": {
      const ceremony = await takeChallenge(db, stepUpKey(user.sessionId), "step_up");
      if (!ceremony?.challenge) return false;
      return (
        (await verifyPasskey(db, relyingParty(origin), { challenge: ceremony.challenge, response: body.response, userId: user.id })) !==
        null
      );
    }
  }
}

export async function reauthenticate(
  db: Db,
  user: CurrentUser,
  body: ReauthenticateBody,
  context: { origin: string; address: string },
): Promise<{ reauthenticated_until: string }> {
  if (await countAttempt(db, user.email, context.address)) throw new ApiError("rate_limited", "Too many wrong answers: wait 15 minutes");
  if (!(await proves(db, user, body, context.origin))) {
    throw new ApiError(body.method === "passkey" ? "invalid_passkey" : "invalid_code", "That did not confirm it's you");
  }
  await forgiveAttempt(db, user.email, context.address);
  const now = new Date();
  await markReauthenticated(db, user.sessionId, user.id, now);
  return { reauthenticated_until: reauthenticatedUntil({ reauthenticatedAt: now }).toISOString() };
}
