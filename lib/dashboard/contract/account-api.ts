import * as z from "zod/mini";
import { reauthenticatedSchema, reauthMethods, reauthMethodsSchema, type ReauthMethods } from "./step-up-api";

// The dashboard API of a signed-in person's own account (/api/account/...) and of the steps of
// signing in (/api/sign-in/...): passkeys, the authenticator app, recovery codes and step-up.
// The WebAuthn objects are SimpleWebAuthn's JSON forms (base64url strings), parsed loosely: the
// browser may add fields the standard grows, and SimpleWebAuthn checks what it relies on.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/), z.maxLength(16_384));

// ---- WebAuthn wire objects ----

const transports = z.optional(z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])));
const credentialDescriptor = z.object({ id: base64url, type: z.literal("public-key"), transports });
const userVerification = z.optional(z.enum(["required", "preferred", "discouraged"]));
const extensions = z.optional(z.object({ credProps: z.optional(z.boolean()) }));
const hints = z.optional(z.array(z.enum(["hybrid", "security-key", "client-device"])));

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const passkeyCreationOptionsSchema = z.object({
  challenge: base64url,
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(credentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.enum(["platform", "cross-platform"])),
      requireResidentKey: z.optional(z.boolean()),
      residentKey: z.optional(z.enum(["required", "preferred", "discouraged"])),
      userVerification,
    }),
  ),
  attestation: z.optional(z.enum(["none", "indirect", "direct", "enterprise"])),
  extensions,
  hints,
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: base64url,
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(credentialDescriptor)),
  userVerification,
  extensions,
  hints,
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const clientExtensionResults = z.looseObject({});

/** RegistrationResponseJSON, the authenticator's answer to create(). */
export const registrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports,
  }),
  authenticatorAttachment: z.optional(z.enum(["platform", "cross-platform"])),
  clientExtensionResults,
});

/** AuthenticationResponseJSON, the authenticator's answer to get(). */
export const authenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(base64url),
  }),
  authenticatorAttachment: z.optional(z.enum(["platform", "cross-platform"])),
  clientExtensionResults,
});

// ---- the account's factors ----

const passkeyName = z.string().check(z.trim(), z.minLength(1, "A name, so you can tell your passkeys apart"), z.maxLength(60));

export const passkeySchema = z.object({
  id: z.string().check(z.meta({ description: "The credential id (base64url)" })),
  name: z.string(),
  created_at: isoTimestamp,
  /** null until it is first used to sign in or confirm. */
  last_used_at: z.nullable(isoTimestamp),
  /** Whether it is synced between devices (a cloud passkey) rather than bound to one. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const accountSecuritySchema = z.object({
  email: z.string(),
  /** Whether the policy requires a second factor of this person. */
  second_factor_required: z.boolean(),
  /** Required, and none set up yet: nothing but enrolment is open until there is one. */
  must_enrol: z.boolean(),
  passkeys: z.array(passkeySchema),
  totp: z.object({ enabled: z.boolean(), confirmed_at: z.nullable(isoTimestamp) }),
  recovery_codes: z.object({ remaining: z.int() }),
  /** Until when sensitive actions are open without confirming again; null when they are not. */
  reauthenticated_until: z.nullable(isoTimestamp),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

export const passkeyRegisterBodySchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBodySchema>;
/** The new passkey; a first factor also brings ten recovery codes, shown this once (null otherwise). */
export const passkeyAddedSchema = z.object({ passkey: passkeySchema, recovery_codes: z.nullable(z.array(z.string())) });
export type PasskeyAdded = z.infer<typeof passkeyAddedSchema>;
export const passkeyRenameBodySchema = z.strictObject({ name: passkeyName });

export const totpStartedSchema = z.object({
  /** The shared key in base32, to type into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
});
export type TotpStarted = z.infer<typeof totpStartedSchema>;

const codeField = z.string().check(z.trim(), z.minLength(1, "The code"), z.maxLength(32));
export const totpConfirmBodySchema = z.strictObject({ code: codeField });

/** Ten single-use codes, shown this once. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A confirmed app; the first factor also brings recovery codes (null when there were some already). */
export const totpConfirmedSchema = z.object({ recovery_codes: z.nullable(z.array(z.string())) });

// ---- step-up ----

export const reauthenticateBodySchema = z.discriminatedUnion("method", [
  z.strictObject({ method: z.literal("password"), password: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.strictObject({ method: z.literal("code"), code: codeField }),
  z.strictObject({ method: z.literal("recovery_code"), recovery_code: codeField }),
  z.strictObject({ method: z.literal("passkey"), response: authenticationResponseSchema }),
]);
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

// ---- sign-in ----

/** The half-signed-in state of this browser: whom it is for and what may finish it. */
export const secondStepSchema = z.object({
  email: z.string(),
  methods: z.array(z.enum(["code", "recovery_code", "passkey"])),
  expires_at: isoTimestamp,
});
export type SecondStep = z.infer<typeof secondStepSchema>;

export const securityPolicySchema = z.object({
  /** Every member of the tenant must have a second factor. */
  require_second_factor: z.boolean(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;
export const securityPolicyBodySchema = z.strictObject({ require_second_factor: z.boolean() });

export { reauthenticatedSchema, reauthMethods, reauthMethodsSchema, type ReauthMethods };
