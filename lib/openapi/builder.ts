import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/errors";

// Builds OpenAPI 3.1 documents from zod schemas: the sandbox's (/sandbox/openapi.json) and the
// dashboard's (/api/openapi.json). Named schemas become components; a named schema used inside
// another is a $ref, never a copy. Both documents pass `redocly lint` with the recommended rules
// (tests/integration/openapi.test.ts).

type Json = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";

export type Operation = {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** Header parameters, as OpenAPI parameter objects. */
  headers?: Json[];
  /** Path parameters by name, with what they name. */
  pathParams?: Record<string, string>;
  query?: z.core.$ZodObject;
  /** The request body (a component name, or an inline schema); JSON unless `contentType` says otherwise (an HTML form's). */
  body?: { schema: string | z.core.$ZodType; required?: boolean; example?: unknown; contentType?: string };
  success: { status: number; description: string; schema?: string | z.core.$ZodType; contentType?: string; example?: unknown };
  errors: ErrorCode[];
  /** Overrides the document's security (e.g. [] for a public operation). */
  security?: Record<string, string[]>[];
  /** Served from another base than the document's server (e.g. the webhook receiver, outside /api). */
  servers?: { url: string; description: string }[];
  /** Responses that are not the error body (e.g. LNURL's own). */
  responses?: Record<string, Json>;
};

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * An operation's path parameters as documented: each id by its kind ("Order UUID"), unless the
 * endpoint says more of it; none when the path has none.
 */
export function documentedPathParams(ids: Record<string, string> = {}, described: Record<string, string> = {}) {
  const pathParams = {
    ...Object.fromEntries(Object.entries(ids).map(([name, kind]) => [name, `${capitalized(kind)} UUID`])),
    ...described,
  };
  return Object.keys(pathParams).length > 0 ? { pathParams } : {};
}

export type Webhook = { name: string; summary: string; description: string; tag: string; headers: Json[]; body: string };

export type DocumentSpec = {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
  tags: { name: string; description: string }[];
  securitySchemes: Record<string, Json>;
  security: Record<string, string[]>[];
  schemas: Record<string, z.core.$ZodType>;
  operations: Operation[];
  webhooks?: Webhook[];
  documentationBase: string;
};

const errorDescriptions: Partial<Record<number, string>> = {
  400: "The request was refused; `error` says why and `details` lists the fields",
  401: "No valid credentials",
  403: "Not allowed for this role or origin",
  404: "No such resource for this caller",
  405: "Method not served here; `Allow` lists the ones that are",
  409: "The resource's state does not allow this",
  410: "The resource existed and is gone for good",
  413: "The body is larger than the limit",
  415: "The body is not application/json",
  429: "Too many requests; try again shortly",
  502: "The exchange service is unreachable or answered something unexpected",
  503: "The database cannot be reached right now; nothing was changed. Try again after `Retry-After` seconds",
  504: "The exchange service did not answer in time",
};

/** JSON Schema of zod schemas, with named ones as components and $refs between them. */
function componentSchemas(schemas: Record<string, z.core.$ZodType>) {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return { schemas: Object.fromEntries(Object.entries(out).map(([id, s]) => [id, strip(s)])) };
}

/** Drops what JSON Schema documents carry but OpenAPI components must not. */
function strip(schema: Json): Json {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });
const inline = (schema: z.core.$ZodType): Json => strip(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json);

/**
 * Every body is a component: the document's named schemas, and an operation's own schemas named
 * after it (`CreateOrderRequest`, `CreateOrderResponse`) unless they are named already.
 */
function nameBodies(spec: DocumentSpec) {
  const named = new Map<z.core.$ZodType, string>(Object.entries(spec.schemas).map(([id, s]) => [s, id]));
  const all: Record<string, z.core.$ZodType> = { ...spec.schemas };
  const nameOf = (s: string | z.core.$ZodType, fallback: string): string => {
    if (typeof s === "string") return s;
    const known = named.get(s);
    if (known) return known;
    named.set(s, fallback);
    all[fallback] = s;
    return fallback;
  };
  const bodies = new Map(
    spec.operations.map((op) => [
      op,
      {
        body: op.body ? nameOf(op.body.schema, `${pascal(op.operationId)}Request`) : null,
        success: op.success.schema ? nameOf(op.success.schema, `${pascal(op.operationId)}Response`) : null,
      },
    ]),
  );
  return { bodies, all };
}

/** A query's fields as parameters, from zod's own JSON Schema of the query object (its fields and which are required). */
function queryParameters(query: z.core.$ZodObject | undefined): Json[] {
  if (!query) return [];
  const { properties = {}, required = [] } = inline(query) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...schema } = property as Json & { description?: string };
    return { name, in: "query", required: required.includes(name), ...(description ? { description } : {}), schema };
  });
}

/** The error answers of an operation, one per status, each code an example of the one error body. */
function errorResponses(codes: ErrorCode[], documentationBase: string) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `${errorDescriptions[status] ?? "Error"}: ${list.map((c) => `\`${c}\``).join(", ")}`,
        ...(status === 405 ? { headers: { Allow: { description: "The methods this path serves", schema: { type: "string" } } } } : {}),
        ...(status === 503
          ? { headers: { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } } } }
          : {}),
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Error" },
            examples: Object.fromEntries(
              list.map((code) => [code, { summary: code, value: { error: code, documentation_uri: `${documentationBase}#${code}` } }]),
            ),
          },
        },
      },
    ]),
  );
}

/** One operation object: its parameters (headers, path, query), body and answers. */
function operationObject(op: Operation, names: { body: string | null; success: string | null } | undefined, documentationBase: string) {
  const parameters: Json[] = [
    ...(op.headers ?? []),
    ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string" },
    })),
    ...queryParameters(op.query),
  ];
  const success = op.success;
  const contentType = success.contentType ?? "application/json";
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    ...(op.servers ? { servers: op.servers } : {}),
    ...(op.security ? { security: op.security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            content: {
              [op.body.contentType ?? "application/json"]: {
                schema: ref(names?.body ?? ""),
                ...(op.body.example === undefined ? {} : { example: op.body.example }),
              },
            },
          },
        }
      : {}),
    responses: {
      [String(success.status)]: {
        description: success.description,
        ...(names?.success
          ? {
              content: {
                [contentType]: { schema: ref(names.success), ...(success.example === undefined ? {} : { example: success.example }) },
              },
            }
          : {}),
      },
      // every operation reads the database: during a failover any of them answers 503
      ...errorResponses([...op.errors, "database_unavailable"], documentationBase),
      ...op.responses,
    },
  };
}

/** The webhooks a document describes: each a POST the receiver answers with any 2xx. */
function webhookObjects(webhooks: Webhook[]) {
  return Object.fromEntries(
    webhooks.map((w) => [
      w.name,
      {
        post: {
          operationId: `webhook_${w.name.replace(/\W/g, "_")}`,
          summary: w.summary,
          description: w.description,
          tags: [w.tag],
          security: [],
          parameters: w.headers,
          requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${w.body}` } } } },
          responses: {
            "200": { description: "Any 2xx acknowledges the event" },
            "400": { description: "Anything other than 2xx is a failed delivery, retried after 5 minutes, doubling" },
          },
        },
      },
    ]),
  );
}

export function buildDocument(spec: DocumentSpec) {
  const { bodies, all } = nameBodies(spec);
  const { schemas } = componentSchemas(all);
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of spec.operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op, bodies.get(op), spec.documentationBase);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: spec.title,
      version: spec.version,
      description: spec.description,
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Exchange dashboard maintainers", url: spec.documentationBase },
    },
    servers: [{ url: spec.serverUrl, description: "This server" }],
    tags: spec.tags,
    security: spec.security,
    paths,
    ...(spec.webhooks ? { webhooks: webhookObjects(spec.webhooks) } : {}),
    components: { securitySchemes: spec.securitySchemes, schemas },
  };
}
