import { MASK } from "./limits";
import { remembered } from "./remembered";

// The names that say a secret (docs/request-logs.md#what-is-masked): headers and fields whose
// value is masked whatever it is, the one-time codes under a name that says code, and the few
// headers a viewer sees. An order's `signature` is the wallet's signature of a public message,
// which the service shows back in the order: it is no credential and stays, whereas an
// X-Signature-256 header (an HMAC under a webhook secret) is masked. mask.ts applies them.

/** Header names masked whatever their value. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-csrf-token"]);
/**
 * A header whose name has one of these in it is masked too (x-signature-256, x-auth-token,
 * x-webhook-secret, x-private-key, x-totp, x-forwarded-authorization, x-client-id…).
 */
const SECRET_HEADER_PARTS = [
  "signature",
  "secret",
  "token",
  "password",
  "credential",
  "auth",
  "key",
  "session",
  "private",
  "otp",
  "client-id",
  "clientid",
  "cookie",
  "passphrase",
  "seed",
  "mnemonic",
];

/** Names whose test is remembered (remembered.ts): past it, a caller inventing fields, they are tested afresh. */
const MAX_KNOWN = 5_000;

export const isSecretHeader = remembered((name) => {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || SECRET_HEADER_PARTS.some((part) => lower.includes(part));
}, MAX_KNOWN);

/**
 * The headers a viewer (who reads the log without its bodies) sees: these, and no other, whatever
 * their names say (docs/request-logs.md#who-sees-what).
 */
export const VIEWER_HEADERS = new Set([
  "accept",
  "accept-encoding",
  "accept-language",
  "allow",
  "cache-control",
  "connection",
  "content-encoding",
  "content-language",
  "content-length",
  "content-type",
  "date",
  "etag",
  "host",
  "keep-alive",
  "last-modified",
  "location",
  "retry-after",
  "transfer-encoding",
  "user-agent",
  "vary",
  "x-correlation-id",
  "x-request-id",
  "x-retry-count",
  "x-service-time",
]);

/** Headers as a viewer reads them: every one outside VIEWER_HEADERS masked. */
export function viewerHeaders(headers: Record<string, string>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(headers)) out[name] = VIEWER_HEADERS.has(name) ? value : MASK;
  return out;
}

/** Field names (lower case, without _ and -) that hold a secret. */
const SECRET_FIELDS = new Set([
  "password",
  "passwd",
  "newpassword",
  "currentpassword",
  "secret",
  "clientsecret",
  "clientid", // the service's API credential is its client_id
  "webhooksecret",
  "apikey",
  "key",
  "k1", // LNURL: whoever holds an exchange's k1 may withdraw its payout
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "authorization",
  "cookie",
  "credential",
  "credentials",
  "privatekey",
  "wif",
  "xprv",
  "tprv",
  "xpriv",
  "seed",
  "mnemonic",
  "otp",
  "totp",
  "hotp",
  "pin",
]);
const SECRET_FIELD_ENDINGS = ["secret", "password", "passwd", "token", "key", "phrase", "mnemonic", "seed", "otp", "prv", "priv", "wif"];
/** Field names that say a one-time code: masked when their value is one (six to eight digits). */
const CODE_FIELD_ENDINGS = ["code", "otp", "pin"];
const ONE_TIME_CODE = /^\d{6,8}$/;
/**
 * Fields named like a secret that are none: a challenge's `token` is a public nonce that the
 * signed message quotes (docs/exchange-api.md#challenges); public keys are public.
 */
const PUBLIC_FIELDS = new Set(["token"]);
const PUBLIC_FIELD_ENDINGS = ["publickey", "pubkey", "xpub", "tpub"];

const bare = (name: string) => name.toLowerCase().replace(/[-_\s]/g, "");

export const isSecretField = remembered((name) => {
  const plain = bare(name);
  if (PUBLIC_FIELDS.has(plain) || PUBLIC_FIELD_ENDINGS.some((end) => plain.endsWith(end))) return false;
  return SECRET_FIELDS.has(plain) || plain.includes("totp") || SECRET_FIELD_ENDINGS.some((end) => plain.endsWith(end));
}, MAX_KNOWN);

const isCodeField = remembered((name) => CODE_FIELD_ENDINGS.some((end) => bare(name).endsWith(end)), MAX_KNOWN);

/** Whether a field's value is masked: by the field's name, or a one-time code under a name that says code. */
export const masksValue = (name: string, value: unknown) =>
  isSecretField(name) ||
  (isCodeField(name) && (typeof value === "string" || typeof value === "number") && ONE_TIME_CODE.test(String(value)));
