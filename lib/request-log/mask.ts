import { BODY_LIMIT_BYTES, MASK } from "./limits";
import { remembered } from "./remembered";

// What the request logs never hold (docs/request-logs.md#what-is-masked): a credential. Headers
// that carry one are masked by name, and so are body fields and query parameters whose name says
// they hold a secret. An order's `signature` is the wallet's signature of a public message,
// which the service shows back in the order: it is no credential and stays, whereas an
// X-Signature-256 header (an HMAC under a webhook secret) is masked.

/** Header names masked whatever their value. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-csrf-token"]);
/** A header whose name has one of these in it is masked too (x-signature-256, x-auth-token, x-webhook-secret…). */
const SECRET_HEADER_PARTS = ["signature", "secret", "token", "password", "credential", "api-key", "apikey", "session"];

/** Names whose test is remembered (remembered.ts): past it, a caller inventing fields, they are tested afresh. */
const MAX_KNOWN = 5_000;

export const isSecretHeader = remembered((name) => {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || SECRET_HEADER_PARTS.some((part) => lower.includes(part));
}, MAX_KNOWN);

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
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "authorization",
  "cookie",
  "credential",
  "credentials",
  "privatekey",
  "xprv",
  "seed",
  "mnemonic",
  "otp",
  "totp",
]);
const SECRET_FIELD_ENDINGS = ["secret", "password", "token", "apikey", "privatekey"];
/**
 * Fields named like a secret that are none: a challenge's `token` is a public nonce that the
 * signed message quotes (docs/exchange-api.md#challenges).
 */
const PUBLIC_FIELDS = new Set(["token"]);

export const isSecretField = remembered((name) => {
  const bare = name.toLowerCase().replace(/[-_]/g, "");
  if (PUBLIC_FIELDS.has(bare)) return false;
  return SECRET_FIELDS.has(bare) || SECRET_FIELD_ENDINGS.some((end) => bare.endsWith(end));
}, MAX_KNOWN);

// a NUL, or half of a surrogate pair: text PostgreSQL cannot store (lib/http/storable-text.ts)
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Any character UNSTORABLE may take: most texts have none, and this test is cheaper than the replace. */
const SUSPECT = /[\u0000\ud800-\udfff]/;

/** Text as a row may hold it: what PostgreSQL cannot store becomes U+FFFD. */
export const storable = (text: string) => (SUSPECT.test(text) ? text.replace(UNSTORABLE, "\uFFFD") : text);

/** Headers as a recorder has them: a fetch's, or a plain object's. */
export type HeaderList = Headers | Record<string, string>;

export function maskHeaders(headers: HeaderList): Record<string, string> {
  // without a prototype: a header named __proto__ is kept as one
  const out = Object.create(null) as Record<string, string>;
  const add = (value: string, name: string) => {
    const lower = storable(name.toLowerCase());
    out[lower] = isSecretHeader(lower) ? MASK : storable(value).slice(0, 2000);
  };
  if (headers instanceof Headers) headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return out;
}

/**
 * A parsed JSON value with its secret fields masked: the value itself when it holds none, and
 * nothing copied but the objects on the way to a masked field.
 */
function maskValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const masked = maskValue(value[i]);
      if (masked !== value[i]) (copy ??= value.slice())[i] = masked;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const masked = isSecretField(key) ? MASK : maskValue(fields[key]);
    // defined, not assigned: a field named __proto__ stays a field
    if (masked !== fields[key]) Object.defineProperty((copy ??= { ...fields }), key, { value: masked, enumerable: true, writable: true });
  }
  return copy ?? value;
}

/** The JSON value a text holds, or NOT_JSON. */
export const NOT_JSON: unique symbol = Symbol("not JSON");
export function parseJson(text: string | null): unknown {
  if (text === null || text === "") return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

// `"password": "…"`, `password=…`: a secret field in text that is not JSON (cut, malformed, a form)
const SECRET_IN_TEXT = /(["']?)([A-Za-z0-9_-]{2,40})\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"?|'[^']*'?|[^\s&,;}\]]*)/g;

function maskText(text: string): string {
  return text.replace(SECRET_IN_TEXT, (whole, quote: string, name: string, sep: string) =>
    isSecretField(name) ? `${quote}${name}${quote}${sep}"${MASK}"` : whole,
  );
}

/** A query string (without "?") with the values of secret parameters masked. */
export function maskQuery(query: string): string {
  if (!query) return query;
  const params = new URLSearchParams(query);
  let masked = false;
  for (const name of new Set(params.keys())) {
    if (isSecretField(name)) {
      params.set(name, MASK);
      masked = true;
    }
  }
  return storable(masked ? params.toString() : query);
}

/**
 * A body as a row holds it: secret fields masked, at most BODY_LIMIT_BYTES, and whether the rest
 * was cut. `parsed` is its JSON value when the caller parsed it already (parseJson). A JSON body
 * without a secret is kept as it came (its spacing too).
 */
export function maskBody(
  text: string | null,
  alreadyCut = false,
  parsed: unknown = parseJson(text),
): { body: string | null; cut: boolean } {
  if (text === null || text === "") return { body: null, cut: alreadyCut };
  let masked: string;
  if (parsed === NOT_JSON) masked = maskText(text);
  else {
    const value = maskValue(parsed);
    masked = value === parsed ? text : JSON.stringify(value);
  }
  masked = storable(masked);
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most bodies need no count of their bytes
  if (masked.length * 3 <= BODY_LIMIT_BYTES) return { body: masked, cut: alreadyCut };
  const bytes = Buffer.from(masked, "utf8");
  if (bytes.byteLength <= BODY_LIMIT_BYTES) return { body: masked, cut: alreadyCut };
  // a character cut in two becomes U+FFFD, which is storable
  return {
    body: bytes
      .subarray(0, BODY_LIMIT_BYTES)
      .toString("utf8")
      .replace(/\uFFFD+$/, ""),
    cut: true,
  };
}
