import { BODY_LIMIT_BYTES, MASK } from "./limits";
import { isSecretHeader, masksValue } from "./secret-names";
import { maskPatterns } from "./secret-patterns";
import { parseJsonOrUndefined } from "@/lib/http/json-text";

// What the request logs never hold (docs/request-logs.md#what-is-masked): a credential. It is
// recognised three ways, and masked wherever it stands (a header, a query value, any string of a
// JSON body, JSON inside such a string, a form, text that is not JSON):
// - by name: headers and fields whose name says they hold a secret (secret-names.ts);
// - by its look: keys, WIFs, mnemonics, tokens (secret-patterns.ts);
// - by its value: the caller's own client_id, which the recorder knows (toRow).
// This module walks what a row keeps (headers, a query, a body at any depth) and masks what those
// three find.

// a NUL, or half of a surrogate pair: text PostgreSQL cannot store (lib/http/storable-text.ts)
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Any character UNSTORABLE may take: most texts have none, and this test is cheaper than the replace. */
const SUSPECT = /[\u0000\ud800-\udfff]/;

/** Text as a row may hold it: what PostgreSQL cannot store becomes U+FFFD. */
export const storable = (text: string) => (SUSPECT.test(text) ? text.replace(UNSTORABLE, "\uFFFD") : text);

/** Headers as a recorder has them: a fetch's, or a plain object's. */
export type HeaderList = Headers | Record<string, string>;

/**
 * Values a row must not hold whatever their place, known to the recorder (the caller's
 * client_id): each is replaced by MASK in every text. Shorter ones are ignored (they would mask
 * ordinary text).
 */
export type KnownSecrets = readonly string[];
const MIN_KNOWN_SECRET = 8;

/** A text with every known secret and every secret the patterns recognise masked. */
export function maskString(text: string, known: KnownSecrets = []): string {
  let out = text;
  for (const secret of known) if (secret.length >= MIN_KNOWN_SECRET && out.includes(secret)) out = out.split(secret).join(MASK);
  return maskPatterns(out);
}

export function maskHeaders(headers: HeaderList, known: KnownSecrets = []): Record<string, string> {
  // without a prototype: a header named __proto__ is kept as one
  const out = Object.create(null) as Record<string, string>;
  const add = (value: string, name: string) => {
    const lower = storable(name.toLowerCase());
    out[lower] = isSecretHeader(lower) ? MASK : maskString(storable(value).slice(0, 2000), known);
  };
  if (headers instanceof Headers) headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return out;
}

/** JSON inside a string (`{"note": "{\"password\": …}"}`) is masked as JSON, this many strings deep. */
const MAX_STRING_NESTING = 4;

/** A string value of a body: JSON inside it masked as JSON, then as text (names in it, patterns, known secrets). */
function maskStringValue(text: string, known: KnownSecrets, nesting: number): string {
  const trimmed = text.trim();
  if (nesting < MAX_STRING_NESTING && /^[[{][\s\S]*[\]}]$/.test(trimmed)) {
    const inner = parseJsonOrUndefined(trimmed);
    if (inner !== undefined && inner !== null && typeof inner === "object") {
      const masked = maskValue(inner, known, nesting + 1);
      return masked === inner ? maskString(text, known) : JSON.stringify(masked);
    }
  }
  return maskString(/[:=]/.test(text) ? maskText(text) : text, known);
}

/** A level of maskValue's walk: the object or array, where it is in it, and its copy once a field changed. */
type Level = {
  source: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
  copy: Record<string, unknown> | unknown[] | null;
  parent: Level | null;
  slot: string | number;
};

const levelOf = (source: object, parent: Level | null, slot: string | number): Level => ({
  source: source as Level["source"],
  keys: Array.isArray(source) ? null : Object.keys(source),
  next: 0,
  copy: null,
  parent,
  slot,
});

/** Sets a slot of a level's copy (made at the first change); defined, not assigned: a field named __proto__ stays a field. */
function setIn(level: Level, slot: string | number, value: unknown) {
  level.copy ??= Array.isArray(level.source) ? level.source.slice() : { ...level.source };
  Object.defineProperty(level.copy, slot, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A parsed JSON value with its secrets masked: the value itself when it holds none, and nothing
 * copied but the objects on the way to a masked value. Iterative: a value nested thousands deep
 * (a cut body the depth check could not refuse) costs no stack.
 */
function maskValue(value: unknown, known: KnownSecrets, nesting = 0): unknown {
  if (typeof value === "string") return maskStringValue(value, known, nesting);
  if (value === null || typeof value !== "object") return value;
  let level: Level | null = levelOf(value, null, 0);
  for (;;) {
    const current: Level = level;
    const size = current.keys ? current.keys.length : (current.source as unknown[]).length;
    if (current.next < size) {
      const index = current.next++;
      const slot = current.keys ? (current.keys[index] as string) : index;
      const inner = (current.source as Record<string | number, unknown>)[slot];
      if (typeof slot === "string" && masksValue(slot, inner)) setIn(current, slot, MASK);
      else if (typeof inner === "string") {
        const masked = maskStringValue(inner, known, nesting);
        if (masked !== inner) setIn(current, slot, masked);
      } else if (inner !== null && typeof inner === "object") level = levelOf(inner, current, slot);
      continue;
    }
    const done = current.copy ?? current.source;
    if (!current.parent) return done;
    if (done !== current.source) setIn(current.parent, current.slot, done);
    level = current.parent;
  }
}

/** The JSON value a text holds, or NOT_JSON (not JSON, or nested deeper than lib/http/json-text.ts allows). */
export const NOT_JSON: unique symbol = Symbol("not JSON");
export function parseJson(text: string | null): unknown {
  if (text === null || text === "") return NOT_JSON;
  const value = parseJsonOrUndefined(text);
  return value === undefined ? NOT_JSON : value;
}

// `"password": "…"`, `password=…`: a secret field in text that is not JSON (cut, malformed, a form)
const SECRET_IN_TEXT = /(["']?)([A-Za-z0-9_-]{2,40})\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"?|'[^']*'?|[^\s&,;}\]]*)/g;

function maskText(text: string): string {
  return text.replace(SECRET_IN_TEXT, (whole, quote: string, name: string, sep: string, value: string) =>
    masksValue(name, value.replace(/^["']|["']$/g, "")) ? `${quote}${name}${quote}${sep}"${MASK}"` : whole,
  );
}

/** A query string (without "?") with the values of secret parameters, and secrets in any value, masked. */
export function maskQuery(query: string, known: KnownSecrets = []): string {
  if (!query) return query;
  const params = new URLSearchParams(query);
  let masked = false;
  for (const [name, value] of [...params]) {
    const next = masksValue(name, value) ? MASK : maskString(value, known);
    if (next !== value) {
      params.set(name, next);
      masked = true;
    }
  }
  return storable(masked ? params.toString() : query);
}

/**
 * Control characters of a text body (JSON has none raw) written as \\u escapes: what an upstream
 * sent is kept to be read, never to act on a terminal that prints it (`logs tail`).
 */
const escapeControls = (text: string) =>
  text.replace(
    /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** `a=1&b=2`: a form's body, masked as a query is. */
const FORM = /^[^=&\s{}[\]"]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

/**
 * A body as a row holds it: secrets masked, at most BODY_LIMIT_BYTES, and whether the rest was
 * cut. `parsed` is its JSON value when the caller parsed it already (parseJson). A JSON body
 * without a secret is kept as it came (its spacing too).
 */
export function maskBody(
  text: string | null,
  alreadyCut = false,
  parsed: unknown = parseJson(text),
  known: KnownSecrets = [],
): { body: string | null; cut: boolean } {
  if (text === null || text === "") return { body: null, cut: alreadyCut };
  let masked: string;
  if (parsed !== NOT_JSON) {
    const value = maskValue(parsed, known);
    masked = value === parsed ? text : JSON.stringify(value);
  } else if (FORM.test(text)) masked = maskQuery(text, known);
  else masked = escapeControls(maskString(maskText(text), known));
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
