import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { forgetUserSessions, type CurrentUser } from "@/lib/dashboard/auth/sessions";
import { beginChallenge, takeChallenge } from "@/lib/dashboard/auth/factors/challenges";
import { factorSummary } from "@/lib/dashboard/auth/factors/factors";
import {
  CEREMONY_MS,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey as deletePasskey,
} from "@/lib/dashboard/auth/factors/passkeys";
import { newRecoveryCodes, remainingRecoveryCodes, removeRecoveryCodes } from "@/lib/dashboard/auth/factors/recovery-codes";
import { confirmTotp, removeTotp as deleteTotp } from "@/lib/dashboard/auth/factors/totp";
import type { PasskeyCreationOptions, RecoveryCodes } from "@/lib/dashboard/contract/account-api";
import type { PasskeyAdded, PasskeyRegisterBody } from "@/lib/dashboard/contract/account-api";
import { passkeyView, requiresSecondFactor } from "./security";

// A person's own factors, as their account page changes them. Each change is read afresh by every
// instance's session cache (whether they must still enrol), and recorded in the audit log by the
// route. The last factor cannot be removed while the policy requires one.

const registerKey = (sessionId: string) => `register:${sessionId}`;

export async function passkeyRegistrationOptions(db: Db, user: CurrentUser, origin: string): Promise<PasskeyCreationOptions> {
  const options = await registrationOptions(db, relyingParty(origin), user);
  await beginChallenge(db, {
    kind: "passkey_register",
    userId: user.id,
    challenge: options.challenge,
    ttlMs: CEREMONY_MS,
    key: registerKey(user.sessionId),
  });
  return options;
}

/** The passkey, and recovery codes when it is the person's first factor and they had none. */
export async function addPasskey(db: Db, user: CurrentUser, origin: string, body: PasskeyRegisterBody): Promise<PasskeyAdded> {
  const ceremony = await takeChallenge(db, registerKey(user.sessionId), "passkey_register");
  if (!ceremony?.challenge) throw new ApiError("invalid_passkey", "The registration expired: start again");
  const row = await registerPasskey(db, relyingParty(origin), {
    userId: user.id,
    name: body.name,
    challenge: ceremony.challenge,
    response: body.response,
  });
  const recovery = await firstRecoveryCodes(db, user.id);
  await forgetUserSessions(db, user.id);
  return { passkey: passkeyView(row), recovery_codes: recovery } satisfies PasskeyAdded;
}

async function firstRecoveryCodes(db: Db, userId: string): Promise<string[] | null> {
  return (await remainingRecoveryCodes(db, userId)) > 0 ? null : newRecoveryCodes(db, userId);
}

/** Refuses to take away the last factor of someone the policy requires one of. */
async function keepOneIfRequired(db: Db, user: CurrentUser, removing: "passkey" | "totp") {
  const factors = await factorSummary(db, user.id);
  const left = factors.passkeys - (removing === "passkey" ? 1 : 0) + (factors.totp && removing !== "totp" ? 1 : 0);
  if (left <= 0 && (await requiresSecondFactor(db, user))) {
    throw new ApiError("conflict", "Your team requires a second factor: add another one before removing this one");
  }
  return left;
}

async function afterRemoval(db: Db, user: CurrentUser, left: number) {
  // recovery codes only stand in for a factor: without one they would be a password of their own
  if (left <= 0) await removeRecoveryCodes(db, user.id);
  await forgetUserSessions(db, user.id);
}

export async function removePasskey(db: Db, user: CurrentUser, id: string): Promise<void> {
  const left = await keepOneIfRequired(db, user, "passkey");
  await deletePasskey(db, user.id, id);
  await afterRemoval(db, user, left);
}

export async function enableTotp(db: Db, user: CurrentUser, code: string): Promise<{ recovery_codes: string[] | null }> {
  if (!(await confirmTotp(db, user.id, code)))
    throw new ApiError("invalid_code", "That code is not right: check the app's clock and try the next one");
  const recovery = await firstRecoveryCodes(db, user.id);
  await forgetUserSessions(db, user.id);
  return { recovery_codes: recovery };
}

export async function removeTotp(db: Db, user: CurrentUser): Promise<void> {
  const left = await keepOneIfRequired(db, user, "totp");
  if (!(await deleteTotp(db, user.id))) throw new ApiError("not_found", "No authenticator app is set up");
  await afterRemoval(db, user, left);
}

export async function regenerateRecoveryCodes(db: Db, user: CurrentUser): Promise<RecoveryCodes> {
  const factors = await factorSummary(db, user.id);
  if (factors.passkeys === 0 && !factors.totp) throw new ApiError("conflict", "Set up a passkey or an authenticator app first");
  return { codes: await newRecoveryCodes(db, user.id) } satisfies RecoveryCodes;
}
