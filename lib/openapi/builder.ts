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

export function buildDocument(spec: DocumentSpec) {
  // every body is a component: an operation's own schemas are named after it
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
  const { schemas } = componentSchemas(all);
  const ref = (id: string): Json => ({ $ref: `#/components/schemas/${id}` });
  const inline = (schema: z.core.$ZodType): Json => strip(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json);
  const errorResponses = (codes: ErrorCode[]) => {
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
                list.map((code) => [
                  code,
                  { summary: code, value: { error: code, documentation_uri: `${spec.documentationBase}#${code}` } },
                ]),
              ),
            },
          },
        },
      ]),
    );
  };
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of spec.operations) {
    const parameters: Json[] = [
      ...(op.headers ?? []),
      ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({
        name,
        in: "path",
        required: true,
        description,
        schema: { type: "string" },
      })),
      ...Object.entries(op.query?._zod.def.shape ?? {}).map(([name, field]) => {
        const schema = field as z.core.$ZodType;
        const { description, ...fieldSchema } = inline(schema) as Json & { description?: string };
        return {
          name,
          in: "query",
          required: !z.safeParse(schema, undefined).success,
          ...(description ? { description } : {}),
          schema: fieldSchema,
        };
      }),
    ];
    const success = op.success;
    const contentType = success.contentType ?? "application/json";
    const names = bodies.get(op);
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
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
        ...errorResponses([...op.errors, "database_unavailable"]),
        ...op.responses,
      },
    };
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
    ...(spec.webhooks
      ? {
          webhooks: Object.fromEntries(
            spec.webhooks.map((w) => [
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
          ),
        }
      : {}),
    components: { securitySchemes: spec.securitySchemes, schemas },
  };
}
