import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/request-origin";
import {
  accountSecuritySchema,
  passkeyAddedSchema,
  passkeyCreationOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  recoveryCodesSchema,
  totpConfirmBodySchema,
  totpConfirmedSchema,
  totpStartedSchema,
  type TotpStarted,
} from "@/lib/dashboard/contract/account-api";
import { renamePasskey } from "@/lib/dashboard/auth/factors/passkeys";
import { startTotp } from "@/lib/dashboard/auth/factors/totp";
import {
  addPasskey,
  enableTotp,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
} from "@/lib/dashboard/account/factors";
import { accountSecurity, passkeyView } from "@/lib/dashboard/account/security";
import { everyone } from "@/lib/dashboard/account/roles";
import { endpoint } from "../endpoint";
import { stepUpNote } from "./step-up";
import { mutation } from "../error-sets";

// A person's own second factors (/api/account): passkeys, the authenticator app and recovery codes,
// whatever their role, audited in their own tenant's log. Every one of them is open to someone who
// must still set up a factor (duringEnrolment), since this is where they set it up. Signing in
// itself is next-auth's (POST /api/auth/callback/{credentials, second-factor, passkey}).

const change = mutation;
const stepUp = [...change, "reauthentication_required"] satisfies ErrorCode[];
const own = { ...everyone, duringEnrolment: true };
const tag = "account";

// GET /api/account/security – the signed-in person's passkeys, authenticator app and recovery codes
export const getAccountSecurity = endpoint({
  method: "GET",
  path: "/account/security",
  access: own,
  doc: {
    operationId: "getAccountSecurity",
    summary: "Your second factors",
    description:
      "Your passkeys, whether an authenticator app is on, how many recovery codes are left, and whether the policy requires a factor.",
    tag,
    success: { status: 200, description: "Your factors", schema: accountSecuritySchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db, user }) => Response.json(await accountSecurity(db, user)),
});

// POST /api/account/passkeys/options – the options for navigator.credentials.create(), valid 5 minutes
// (no change of its own: the passkey is made by POST /api/account/passkeys, audited there)
export const passkeyOptions = endpoint({
  method: "POST",
  path: "/account/passkeys/options",
  access: { ...own, stepUp: true },
  doc: {
    operationId: "passkeyRegistrationOptions",
    summary: "Begin registering a passkey",
    description:
      "Options for navigator.credentials.create() (a discoverable credential, user verification required), valid 5 " +
      `minutes. ${stepUpNote}`,
    tag,
    success: { status: 200, description: "PublicKeyCredentialCreationOptionsJSON", schema: passkeyCreationOptionsSchema },
    errors: ["unauthorized", "reauthentication_required"],
  },
  handler: async ({ req, db, user }) => Response.json(await passkeyRegistrationOptions(db, user, requestOrigin(req))),
});

// POST /api/account/passkeys – the authenticator's answer to the options, and a name: a new passkey
export const registerPasskey = endpoint({
  method: "POST",
  path: "/account/passkeys",
  access: { ...own, mutation: "account.passkey.add", stepUp: true },
  body: { schema: passkeyRegisterBodySchema },
  doc: {
    operationId: "registerPasskey",
    summary: "Register a passkey",
    description:
      "The authenticator's answer to the options, with a name. A first factor also brings ten recovery codes, shown in this " +
      `answer only. ${stepUpNote}`,
    tag,
    success: { status: 201, description: "The passkey (and recovery codes, for a first factor)", schema: passkeyAddedSchema },
    errors: [...stepUp, "invalid_passkey", "conflict"],
  },
  handler: async ({ req, db, user, audit, body }) => {
    const added = await addPasskey(db, user, requestOrigin(req), body);
    audit.target = added.passkey.name;
    return Response.json(added, { status: 201 });
  },
});

// The passkey's credential id names it in the path: not a UUID, so it is not one of `ids`.
const passkeyParam = { id: "The passkey's credential id" };

// PATCH /api/account/passkeys/{id} – a new name
export const renameOwnPasskey = endpoint({
  method: "PATCH",
  path: "/account/passkeys/{id}",
  access: { ...own, mutation: "account.passkey.rename" },
  body: { schema: passkeyRenameBodySchema, example: { name: "Work laptop" } },
  doc: {
    operationId: "renamePasskey",
    summary: "Rename a passkey",
    description: "A new name, to tell your passkeys apart.",
    tag,
    pathParams: passkeyParam,
    success: { status: 200, description: "The passkey", schema: passkeySchema },
    errors: [...change, "not_found"],
  },
  handler: async ({ db, user, params, audit, body: { name } }) => {
    audit.target = name;
    return Response.json(passkeyView(await renamePasskey(db, user.id, params.id ?? "", name)));
  },
});

// DELETE /api/account/passkeys/{id} – the passkey no longer signs in
export const removeOwnPasskey = endpoint({
  method: "DELETE",
  path: "/account/passkeys/{id}",
  access: { ...own, mutation: "account.passkey.remove", stepUp: true },
  doc: {
    operationId: "removePasskey",
    summary: "Remove a passkey",
    description: `It no longer signs in. Your last factor cannot be removed while your team requires one (409). ${stepUpNote}`,
    tag,
    pathParams: passkeyParam,
    success: { status: 204, description: "Removed" },
    errors: [...stepUp, "not_found", "conflict"],
  },
  handler: async ({ db, user, params, audit }) => {
    audit.target = params.id ?? null;
    await removePasskey(db, user, params.id ?? "");
    return new Response(null, { status: 204 });
  },
});

// POST /api/account/totp – a new key for an authenticator app, pending until confirmed with a code
export const beginTotp = endpoint({
  method: "POST",
  path: "/account/totp",
  access: { ...own, mutation: "account.totp.start", stepUp: true },
  doc: {
    operationId: "startTotp",
    summary: "Begin setting up an authenticator app",
    description:
      "A new key (RFC 6238: SHA-1, 6 digits, 30 s) as an otpauth:// URI and as text; pending until a first code " +
      `confirms it. ${stepUpNote}`,
    tag,
    success: { status: 201, description: "The key, shown this once", schema: totpStartedSchema },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "conflict"],
  },
  handler: async ({ db, user }) => Response.json((await startTotp(db, user)) satisfies TotpStarted, { status: 201 }),
});

// POST /api/account/totp/confirm – a first code from the app turns it on
export const confirmTotp = endpoint({
  method: "POST",
  path: "/account/totp/confirm",
  access: { ...own, mutation: "account.totp.enable" },
  body: { schema: totpConfirmBodySchema, example: { code: "123456" } },
  doc: {
    operationId: "confirmTotp",
    summary: "Turn the authenticator app on",
    description: "A first code from the app. A first factor also brings ten recovery codes, shown in this answer only.",
    tag,
    success: { status: 200, description: "On (and recovery codes, for a first factor)", schema: totpConfirmedSchema },
    errors: [...change, "invalid_code", "conflict"],
  },
  handler: async ({ db, user, body }) => Response.json(await enableTotp(db, user, body.code)),
});

// DELETE /api/account/totp – the app's codes no longer sign in
export const turnOffTotp = endpoint({
  method: "DELETE",
  path: "/account/totp",
  access: { ...own, mutation: "account.totp.remove", stepUp: true },
  doc: {
    operationId: "removeTotp",
    summary: "Turn the authenticator app off",
    description: `Its codes no longer sign in. Your last factor cannot be removed while your team requires one (409). ${stepUpNote}`,
    tag,
    success: { status: 204, description: "Removed" },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "not_found", "conflict"],
  },
  handler: async ({ db, user }) => {
    await removeTotp(db, user);
    return new Response(null, { status: 204 });
  },
});

// POST /api/account/recovery-codes – ten new codes, shown this once; the ones before stop working
export const newRecoveryCodes = endpoint({
  method: "POST",
  path: "/account/recovery-codes",
  access: { ...own, mutation: "account.recovery_codes.regenerate", stepUp: true },
  doc: {
    operationId: "regenerateRecoveryCodes",
    summary: "New recovery codes",
    description: `Ten single-use codes, shown in this answer only; the ones before stop working. ${stepUpNote}`,
    tag,
    success: { status: 201, description: "The codes", schema: recoveryCodesSchema },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "conflict"],
  },
  handler: async ({ db, user }) => Response.json(await regenerateRecoveryCodes(db, user), { status: 201 }),
});

export const accountEndpoints = [
  getAccountSecurity,
  passkeyOptions,
  registerPasskey,
  renameOwnPasskey,
  removeOwnPasskey,
  beginTotp,
  confirmTotp,
  turnOffTotp,
  newRecoveryCodes,
];
