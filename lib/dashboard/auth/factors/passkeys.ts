import "server-only";
import { and, asc, eq } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Db } from "@/lib/db/client";
import { passkeys } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import {
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
} from "@/lib/dashboard/contract/account-api";
import { errorText, logger } from "@/lib/log";

// Passkeys (WebAuthn level 3) through SimpleWebAuthn. The relying party is this app's origin
// (APP_URL, else the host the browser asked): its host name is the RP ID every passkey is scoped
// to, so a passkey made here answers no other site, and an answer made for another origin fails
// verification. User verification is required at registration and at every use, so a passkey
// proves both something the user has and something they are or know: it signs in alone.

const log = logger("passkeys");
const RP_NAME = "Exchange dashboard";
/** How long the browser may take over a ceremony, and how long its challenge lives. */
export const CEREMONY_MS = 5 * 60 * 1000;

export type RelyingParty = { origin: string; rpID: string };
export const relyingParty = (origin: string): RelyingParty => ({ origin, rpID: new URL(origin).hostname });

export type PasskeyRow = typeof passkeys.$inferSelect;

export async function userPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** Options for navigator.credentials.create(): a discoverable credential with user verification. */
export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: string; email: string }): Promise<PasskeyCreationOptions> {
  const existing = await userPasskeys(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    timeout: CEREMONY_MS,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  // what goes on the wire is the contract's: the browser parses it with the same schema
  return passkeyCreationOptionsSchema.parse(options);
}

/** Checks the authenticator's answer to `challenge` and keeps the new passkey. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  input: { userId: string; name: string; challenge: string; response: RegistrationResponseJSON },
  now = new Date(),
): Promise<PasskeyRow> {
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    log.info({ err: errorText(error) }, "a passkey registration was refused");
    return null;
  });
  if (!verified?.verified) throw new ApiError("invalid_passkey", "The passkey's answer could not be verified; try again");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const row = {
    id: credential.id,
    userId: input.userId,
    name: input.name,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: now,
    lastUsedAt: null,
  };
  const inserted = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
  if (!inserted[0]) throw new ApiError("conflict", "This passkey is registered already");
  return inserted[0];
}

/**
 * Options for navigator.credentials.get(). Without a user: any passkey of this site (the browser
 * offers the person's own, also as autofill). With one: that user's passkeys only.
 */
export async function authenticationOptions(db: Db, rp: RelyingParty, userId?: string): Promise<PasskeyRequestOptions> {
  const allow = userId ? (await userPasskeys(db, userId)).map((p) => ({ id: p.id, transports: p.transports })) : undefined;
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    timeout: CEREMONY_MS,
    allowCredentials: allow,
  });
  return passkeyRequestOptionsSchema.parse(options);
}

/**
 * Verifies a passkey's answer to `challenge` (of `userId`'s passkeys only, when given) and records
 * its use; the user it belongs to, or null when it does not verify.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  input: { challenge: string; response: AuthenticationResponseJSON; userId?: string | null },
  now = new Date(),
): Promise<{ userId: string; passkeyId: string } | null> {
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, input.response.id));
  if (!stored || (input.userId && stored.userId !== input.userId)) return null;
  const verified = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: input.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: stored.id,
      publicKey: isoBase64URL.toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
  }).catch((error: unknown) => {
    log.info({ err: errorText(error) }, "a passkey's answer was refused");
    return null;
  });
  if (!verified?.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now, backedUp: verified.authenticationInfo.credentialBackedUp })
    .where(eq(passkeys.id, stored.id));
  return { userId: stored.userId, passkeyId: stored.id };
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw new ApiError("not_found", "No such passkey of yours");
  return row;
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new ApiError("not_found", "No such passkey of yours");
}

export async function removeAllPasskeys(db: Db, userId: string): Promise<number> {
  return (await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })).length;
}
