import fc from "fast-check";
import { sample } from "openapi-sampler";

// Requests generated from the app's two OpenAPI documents (/api/openapi.json and
// /sandbox/openapi.json): every operation, with credentials of every kind, path ids real and
// hostile, each declared query parameter with good and bad values, and bodies that start from the
// document's own sample of the schema (openapi-sampler, as Redoc draws it) and are then bent by
// fast-check: text PostgreSQL cannot store, wrong types, missing and unknown fields, 1 MB strings.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type RawOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, string[]>[];
  servers?: { url: string }[];
};
type Document = {
  servers: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, RawOperation> & { servers?: { url: string }[]; parameters?: Parameter[] }>;
};

/** Who a request is sent as: the credentials the fuzz suite holds. */
export type Credential =
  | "none"
  | "garbage"
  | "admin"
  | "viewer"
  | "operator"
  | "apiKey"
  | "readKey"
  | "client"
  | "strangerClient"
  | "operatorKey"
  | "wrongOperatorKey";

export type Operation = {
  method: string;
  /** The path template under the server, e.g. /orders/{id}. */
  template: string;
  /** The server's path prefix: /api, /sandbox or "" (the webhook receiver). */
  prefix: string;
  pathParams: string[];
  query: Parameter[];
  headers: Parameter[];
  body: Json | undefined;
  credentials: Credential[];
};

const METHODS = ["get", "post", "put", "patch", "delete"];

/** The credentials that open an operation, by the schemes its security names. */
function credentialsOf(security: Record<string, string[]>[]): Credential[] {
  if (security.length === 0) return ["none"];
  const schemes = new Set(security.flatMap((s) => Object.keys(s)));
  const out: Credential[] = [];
  if (schemes.has("session")) out.push("admin", "viewer", "operator");
  if (schemes.has("apiKey")) out.push("apiKey", "readKey");
  if (schemes.has("clientId")) out.push("client", "strangerClient");
  if (schemes.has("operatorKey")) out.push("operatorKey");
  return out;
}

/** Every operation of a document, with the document's sample of its body. */
export function operationsOf(document: Document): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const server = (op.servers ?? item.servers ?? document.servers)[0]?.url ?? "";
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      out.push({
        method: method.toUpperCase(),
        template,
        prefix: new URL(server).pathname.replace(/\/$/, ""),
        pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ""),
        query: parameters.filter((p) => p.in === "query"),
        headers: parameters.filter((p) => p.in === "header"),
        body: schema ? (sample(schema as never, { skipReadOnly: true, quiet: true }, document as never) as Json) : undefined,
        credentials: credentialsOf(op.security ?? document.security ?? []),
      });
    }
  }
  return out;
}

// ---- values ----

const MB = 1024 * 1024;

/** Text nobody should have to store or show as it is. */
export const hostileText = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "\ud800\ud800",
  "\udbff\udfff",
  "𝄞 ünïcödé",
  "\u202egnp.exe",
  "<script>alert(1)</script>",
  "'; DROP TABLE orders; --",
  "../../../../etc/passwd",
  "%00",
  "",
  " ",
  "\n\r\t",
  "null",
  "-1",
  "1e309",
  "99999999999999999999999",
  "x".repeat(10_000),
  // an upstream's or a terminal's control text: escapes that clear a screen, forge a line, reverse a name
  "\u001b[2J\u001b[H\r\n12:00:00  GET /v1/orders 200 forged",
  "\u009b31mred\u009b0m",
  "\u2066\u202eisolated\u2069",
  // addresses a server must not be made to call: loopback however written, link-local, private, a query that moves a path
  "http://127.0.0.1:9/sandbox",
  "http://localhost:5432/",
  "http://0.0.0.0:3000/",
  "http://2130706433/",
  "http://127.1/",
  "http://[::1]/",
  "http://169.254.169.254/latest/meta-data",
  "http://10.0.0.1/",
  "https://api.example.com/?x=#frag",
  "http://user:pw@127.0.0.1/",
  // secrets by their look, under whatever name (the request log must mask them)
  "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LPebDqRR3T1D9ecSZkA1nN8jTxeqE3iiqK",
  "cNYfWuhDpbNM1JWc3c6JTrtrFVxU4AGhUKgw5f93NP2QaBqmxKkg",
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXBsYW50ZWQ",
);

const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constant<Json>(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.constant<Json>([1, "a", null]),
  fc.constant<Json>({ nested: { deeper: ["\u0000"] } }),
);

/** A JSON value of any shape, a few levels deep. */
const anyJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

// ---- bodies: the document's sample, bent ----

/** Every path to a value inside a JSON value: [] is the value itself. */
function pathsOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => pathsOf(v, [...at, i])));
  if (value !== null && typeof value === "object") return here.concat(Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k])));
  return here;
}

function replaced(value: Json, path: (string | number)[], by: Json | undefined): Json | undefined {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? (replaced(v, rest, by) ?? null) : v));
  if (value !== null && typeof value === "object") {
    const copy: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) {
      if (k !== head) copy[k] = v;
      else {
        const next = replaced(v, rest, by);
        if (next !== undefined) copy[k] = next;
      }
    }
    return copy;
  }
  return value;
}

type BodyChange =
  | { kind: "as sampled" }
  | { kind: "leaf"; pick: number; to: Json | undefined }
  | { kind: "unknown field"; name: string; to: Json }
  | { kind: "whole"; to: Json }
  | { kind: "megabyte" }
  | { kind: "raw"; text: string }
  | { kind: "deep"; levels: number; shape: "arrays" | "objects" | "mixed"; pick: number };

/** JSON text nested `levels` deep, made as text: a value that deep would overflow JSON.stringify itself. */
function deepText(levels: number, shape: "arrays" | "objects" | "mixed"): string {
  if (shape === "arrays") return `${"[".repeat(levels)}${"]".repeat(levels)}`;
  if (shape === "objects") return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
  const half = Math.ceil(levels / 2);
  return `${'[{"a":'.repeat(half)}1${"}]".repeat(half)}`;
}

const bodyChange: fc.Arbitrary<BodyChange> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: "as sampled" as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("leaf" as const),
      pick: fc.nat(),
      to: fc.oneof(hostileText as fc.Arbitrary<Json | undefined>, wrongType, fc.constant(undefined)),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("unknown field" as const),
      name: fc.oneof(fc.constantFrom("extra", "__proto__", "constructor", "\u0000", "\ud800", "a".repeat(300)), fc.string()),
      to: anyJson,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("whole" as const), to: fc.oneof(anyJson, wrongType) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "megabyte" as const }) },
  {
    // nested past the limit of 64, whole or in place of one field: 65 levels, and thousands
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("deep" as const),
      levels: fc.constantFrom(65, 1_000, 10_000),
      shape: fc.constantFrom("arrays" as const, "objects" as const, "mixed" as const),
      pick: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      text: fc.constantFrom("{", "[", '{"a":', "\u0000", '{"a":"\u0000"}', '{"a":"\\u0000"}', '"\\ud800"', "\ufeff{}", "{}{}", "1"),
    }),
  },
);

/** The text of a body: the sample with the change applied. */
export function bodyText(sampled: Json | undefined, change: BodyChange): string | undefined {
  const base: Json = sampled ?? {};
  switch (change.kind) {
    case "as sampled":
      return sampled === undefined ? undefined : JSON.stringify(sampled);
    case "leaf": {
      const paths = pathsOf(base);
      const path = paths[change.pick % paths.length] ?? [];
      return JSON.stringify(replaced(base, path, change.to) ?? null);
    }
    case "unknown field":
      return JSON.stringify(
        base !== null && typeof base === "object" && !Array.isArray(base) ? { ...base, [change.name]: change.to } : base,
      );
    case "whole":
      return JSON.stringify(change.to);
    case "megabyte": {
      const paths = pathsOf(base).filter((p) => p.length > 0);
      const path = paths[0] ?? ["padding"];
      return JSON.stringify(replaced(base, path, "m".repeat(MB)) ?? { padding: "m".repeat(MB) });
    }
    case "raw":
      return change.text;
    case "deep": {
      const paths = pathsOf(base);
      const path = paths[change.pick % paths.length] ?? [];
      const marked = JSON.stringify(replaced(base, path, "\u0001deep\u0001") ?? null);
      return marked.replace(JSON.stringify("\u0001deep\u0001"), () => deepText(change.levels, change.shape));
    }
  }
}

// ---- the request ----

const segment = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) }, // a real id of the suite's
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "%00",
      "a%00b",
      "..",
      "%2e%2e",
      "..%2F..%2Fetc%2Fpasswd",
      "%ED%A0%80", // a lone surrogate's UTF-8 bytes: not valid UTF-8
      "%F0%9F%92%A9",
      "%25",
      "%",
      "null",
      "-1",
      "0",
      "A".repeat(300),
      "00000000-0000-0000-0000-000000000000",
      "2026-13",
      "x.csv",
    ),
  },
);

const queryValue = fc.oneof(
  fc.constant("%00"),
  fc.constant("a%00"),
  fc.constant("%ED%A0%80"),
  fc.constant("abc"),
  fc.constant("-1"),
  fc.constant("0"),
  fc.constant("1.5"),
  fc.constant("1e400"),
  fc.constant("99999999999999999999"),
  fc.constant("true"),
  fc.constant("2026-02-30"),
  fc.constant("2026-01-01T00:00:00Z"),
  fc.constant("A".repeat(5_000)),
  fc.uuid(),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

export type Generated = {
  operation: number;
  /** "natural": one of those the operation's security names. */
  credential: Credential | "natural";
  credentialPick: number;
  segments: (string | null)[];
  /** For each declared query parameter: left out (null), its own kind of value ("valid"), or another. */
  query: (string | null | "valid")[];
  unknownQuery: [string, string][];
  body: BodyChange;
  contentType: string;
  origin: "same" | "none" | "evil";
  /** Sent with an X-Forwarded-For of its own: the public routes' limit is per address. */
  address: number;
  /** Headers a careless or hostile client adds: credentials under names no list had, a cursor of elsewhere, control text. */
  extraHeaders: [string, string][];
};

const extraHeader = fc.constantFrom<[string, string]>(
  ["x-client-id", "cl_planted_client_id_0001"],
  ["x-private-key", "planted-private-key"],
  ["x-totp", "123456"],
  ["x-forwarded-authorization", "Bearer planted-forwarded"],
  ["last-event-id", "999999999999999"],
  ["last-event-id", "-1"],
  ["x-correlation-id", "\u001b[2J".replace(/[^\x20-\x7e]/g, "?")],
  ["user-agent", "A".repeat(8_000)],
);

/** The arbitrary of requests over these operations. */
export function requests(operations: Operation[]): fc.Arbitrary<Generated> {
  return fc.record({
    operation: fc.nat({ max: operations.length - 1 }),
    credential: fc.oneof(
      { weight: 8, arbitrary: fc.constant("natural" as const) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Credential>("none", "garbage", "client", "operatorKey", "wrongOperatorKey", "apiKey", "viewer"),
      },
    ),
    credentialPick: fc.nat(),
    segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
    query: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 2, arbitrary: fc.constant("valid" as const) },
        { weight: 3, arbitrary: queryValue },
      ),
      {
        minLength: 8,
        maxLength: 8,
      },
    ),
    unknownQuery: fc.array(fc.tuple(fc.constantFrom("x", "%00", "limit", "cursor", "tenant_id"), queryValue), { maxLength: 2 }),
    body: bodyChange,
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "",
    ),
    origin: fc.constantFrom("same" as const, "same" as const, "same" as const, "none" as const, "evil" as const),
    address: fc.nat({ max: 60_000 }),
    extraHeaders: fc.array(extraHeader, { maxLength: 2 }),
  });
}

/** A value of a query parameter's own kind, from its schema. */
export function validQueryValue(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  const kinds = [schema, ...((schema.anyOf as Schema[] | undefined) ?? [])];
  for (const s of kinds) {
    if (Array.isArray(s.enum) && s.enum.length > 0) return String(s.enum[0]);
    if (s.type === "integer" || s.type === "number") return String(s.minimum ?? 1);
    if (s.type === "boolean") return "true";
    if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
    if (s.format === "date") return "2026-01-15";
    if (s.format === "date-time") return "2026-01-15T00:00:00.000Z";
  }
  return "x";
}
