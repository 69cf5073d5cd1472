import {
  accountSecuritySchema,
  passkeyAddedSchema,
  passkeyCreationOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  reauthenticateBodySchema,
  reauthenticatedSchema,
  reauthMethodsSchema,
  recoveryCodesSchema,
  secondStepSchema,
  securityPolicyBodySchema,
  securityPolicySchema,
  totpConfirmBodySchema,
  totpConfirmedSchema,
  totpStartedSchema,
} from "@/lib/dashboard/contract/account-api";
import { teamMemberSchema } from "@/lib/dashboard/contract/settings-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of a person's own account (/api/account: passkeys, authenticator app,
// recovery codes, step-up), of the sign-in page's ceremonies (/api/sign-in) and of a tenant's
// sign-in policy. Signing in itself is next-auth's (POST /api/auth/callback/{credentials,
// second-factor, passkey}), outside this document.

const read = ["unauthorized"] satisfies ErrorCode[];
const change = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const stepUp = [...change, "reauthentication_required"] satisfies ErrorCode[];
const accountOp = (op: Omit<Operation, "tag">): Operation => ({ ...op, tag: "account" });
const signInOp = (op: Omit<Operation, "tag" | "security">): Operation => ({ ...op, tag: "sign-in", security: [] });
const stepUpNote =
  "Needs a factor confirmed within 5 minutes (`403 reauthentication_required` otherwise: POST /account/reauthenticate, then again).";

export const accountOperations: Operation[] = [
  accountOp({
    method: "get",
    path: "/account/security",
    operationId: "getAccountSecurity",
    summary: "Your second factors",
    description:
      "Your passkeys, whether an authenticator app is on, how many recovery codes are left, and whether the policy requires a factor.",
    success: { status: 200, description: "Your factors", schema: accountSecuritySchema },
    errors: read,
  }),
  accountOp({
    method: "post",
    path: "/account/passkeys/options",
    operationId: "passkeyRegistrationOptions",
    summary: "Begin registering a passkey",
    description:
      "Options for navigator.credentials.create() (a discoverable credential, user verification required), valid 5 " +
      `minutes. ${stepUpNote}`,
    success: { status: 200, description: "PublicKeyCredentialCreationOptionsJSON", schema: passkeyCreationOptionsSchema },
    errors: ["unauthorized", "reauthentication_required"],
  }),
  accountOp({
    method: "post",
    path: "/account/passkeys",
    operationId: "registerPasskey",
    summary: "Register a passkey",
    description:
      "The authenticator's answer to the options, with a name. A first factor also brings ten recovery codes, shown in this " +
      `answer only. ${stepUpNote}`,
    body: { schema: passkeyRegisterBodySchema },
    success: { status: 201, description: "The passkey (and recovery codes, for a first factor)", schema: passkeyAddedSchema },
    errors: [...stepUp, "invalid_passkey", "conflict"],
  }),
  accountOp({
    method: "patch",
    path: "/account/passkeys/{id}",
    operationId: "renamePasskey",
    summary: "Rename a passkey",
    description: "A new name, to tell your passkeys apart.",
    pathParams: { id: "The passkey's credential id" },
    body: { schema: passkeyRenameBodySchema, example: { name: "Work laptop" } },
    success: { status: 200, description: "The passkey", schema: passkeySchema },
    errors: [...change, "not_found"],
  }),
  accountOp({
    method: "delete",
    path: "/account/passkeys/{id}",
    operationId: "removePasskey",
    summary: "Remove a passkey",
    description: `It no longer signs in. Your last factor cannot be removed while your team requires one (409). ${stepUpNote}`,
    pathParams: { id: "The passkey's credential id" },
    success: { status: 204, description: "Removed" },
    errors: [...stepUp, "not_found", "conflict"],
  }),
  accountOp({
    method: "post",
    path: "/account/totp",
    operationId: "startTotp",
    summary: "Begin setting up an authenticator app",
    description:
      "A new key (RFC 6238: SHA-1, 6 digits, 30 s) as an otpauth:// URI and as text; pending until a first code " +
      `confirms it. ${stepUpNote}`,
    success: { status: 201, description: "The key, shown this once", schema: totpStartedSchema },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "conflict"],
  }),
  accountOp({
    method: "post",
    path: "/account/totp/confirm",
    operationId: "confirmTotp",
    summary: "Turn the authenticator app on",
    description: "A first code from the app. A first factor also brings ten recovery codes, shown in this answer only.",
    body: { schema: totpConfirmBodySchema, example: { code: "123456" } },
    success: { status: 200, description: "On (and recovery codes, for a first factor)", schema: totpConfirmedSchema },
    errors: [...change, "invalid_code", "conflict"],
  }),
  accountOp({
    method: "delete",
    path: "/account/totp",
    operationId: "removeTotp",
    summary: "Turn the authenticator app off",
    description: `Its codes no longer sign in. Your last factor cannot be removed while your team requires one (409). ${stepUpNote}`,
    success: { status: 204, description: "Removed" },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "not_found", "conflict"],
  }),
  accountOp({
    method: "post",
    path: "/account/recovery-codes",
    operationId: "regenerateRecoveryCodes",
    summary: "New recovery codes",
    description: `Ten single-use codes, shown in this answer only; the ones before stop working. ${stepUpNote}`,
    success: { status: 201, description: "The codes", schema: recoveryCodesSchema },
    errors: ["unauthorized", "forbidden", "reauthentication_required", "conflict"],
  }),
  accountOp({
    method: "get",
    path: "/account/reauthenticate",
    operationId: "reauthenticationMethods",
    summary: "How you can confirm it's you",
    description: "Your factors (or the password, without one), and until when sensitive actions are open without confirming.",
    success: { status: 200, description: "The methods", schema: reauthMethodsSchema },
    errors: read,
  }),
  accountOp({
    method: "post",
    path: "/account/reauthenticate/options",
    operationId: "reauthenticationPasskeyOptions",
    summary: "A passkey challenge to confirm it's you",
    description: "Options for navigator.credentials.get() limited to your own passkeys, bound to this session, valid 5 minutes.",
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["unauthorized", "conflict"],
  }),
  accountOp({
    method: "post",
    path: "/account/reauthenticate",
    operationId: "reauthenticate",
    summary: "Confirm it's you (step-up)",
    description:
      "A passkey, a code, a recovery code, or the password for someone without a factor. Opens revealing and rotating secrets, " +
      "credentials, the team, the policy, payout links and recorded payouts for 5 minutes. Wrong answers count against the sign-in limits.",
    body: { schema: reauthenticateBodySchema, example: { method: "code", code: "123456" } },
    success: { status: 200, description: "Confirmed", schema: reauthenticatedSchema },
    errors: [...change, "invalid_code", "invalid_passkey", "rate_limited"],
  }),
  {
    method: "get",
    path: "/settings/security",
    operationId: "getSecurityPolicy",
    summary: "The tenant's sign-in policy",
    description: "Whether every member must have a second factor.",
    tag: "settings",
    success: { status: 200, description: "The policy", schema: securityPolicySchema },
    errors: ["unauthorized", "forbidden"],
  },
  {
    method: "put",
    path: "/settings/security",
    operationId: "setSecurityPolicy",
    summary: "Require a second factor of every member",
    description:
      "Members without one are taken to enrolment at their next request and can do nothing else until enrolled. An admin " +
      `without a factor of their own cannot switch it on (409). ${stepUpNote}`,
    tag: "settings",
    body: { schema: securityPolicyBodySchema, example: { require_second_factor: true } },
    success: { status: 200, description: "The policy now", schema: securityPolicySchema },
    errors: [...stepUp, "conflict"],
  },
  {
    method: "post",
    path: "/settings/team/{id}/reset-second-factors",
    operationId: "resetMemberSecondFactors",
    summary: "Reset a member's second factors",
    description: `For someone who lost them all: their passkeys, app and recovery codes are removed and their sessions end. ${stepUpNote}`,
    tag: "settings",
    pathParams: { id: "User UUID" },
    success: { status: 200, description: "The member now", schema: teamMemberSchema },
    errors: [...stepUp, "not_found"],
  },
];

export const signInOperations: Operation[] = [
  signInOp({
    method: "post",
    path: "/sign-in/passkey/options",
    operationId: "passkeySignInOptions",
    summary: "Begin signing in with a passkey",
    description:
      "Options for navigator.credentials.get() (any passkey of this site, user verification required; also for the browser's " +
      "autofill), bound to this browser by an httpOnly cookie for 5 minutes. The answer goes to next-auth's " +
      "POST /api/auth/callback/passkey as `response`. Rate-limited per address.",
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["rate_limited"],
  }),
  signInOp({
    method: "get",
    path: "/sign-in/second-factor",
    operationId: "getSecondStep",
    summary: "This browser's half-finished sign-in",
    description:
      "After a right password, an account with a second factor gets no session, only this state for 5 minutes: whom it is for " +
      "and what may finish it (POST /api/auth/callback/second-factor with `code`, `recovery_code` or `passkey`).",
    success: { status: 200, description: "The second step", schema: secondStepSchema },
    errors: ["unauthorized", "rate_limited"],
  }),
  signInOp({
    method: "post",
    path: "/sign-in/second-factor/options",
    operationId: "secondStepPasskeyOptions",
    summary: "A passkey challenge for the second step",
    description: "Options for navigator.credentials.get() limited to the half-signed-in account's passkeys.",
    success: { status: 200, description: "PublicKeyCredentialRequestOptionsJSON", schema: passkeyRequestOptionsSchema },
    errors: ["unauthorized", "conflict", "rate_limited"],
  }),
];
