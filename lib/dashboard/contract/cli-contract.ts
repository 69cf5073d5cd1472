import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { format, resolveConfig } from "prettier";

// The command line (cli/, plain Node.js, which cannot import this TypeScript) reads the dashboard's
// answers as the dashboard publishes them: `npm run cli:contract` writes cli/openapi.json, the
// operations it calls taken from the OpenAPI document (GET /api/openapi.json) with the schemas
// they answer, and cli/openapi.d.ts, their types made by openapi-typescript. cli/schemas.mjs
// picks each answer by its operation. cli-contract.test.ts fails when those files drift from the
// document. The document is passed in: it is made in lib/dashboard/api, a layer above this one.

/** The operations the command line calls (their operationIds): only these are copied, with their answers' schemas. */
const CALLED_BY_THE_CLI = [
  "listWebhookEvents",
  "getWebhookEvent",
  "resendWebhookEvent",
  "getWebhookHealth",
  "listForwardingEndpoints",
  "listRequestLogs",
  "listScenarios",
  "runScenario",
  "getScenarioRun",
  "streamEvents",
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

const HEADER =
  "Made by `npm run cli:contract` from the dashboard's OpenAPI document (lib/dashboard/api/openapi.ts, " +
  "GET /api/openapi.json): the operations the command line calls. Do not edit.";

const SCHEMA_REF = "#/components/schemas/";
const isObject = (value: Json | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The component names a schema refers to, at any depth. */
function refsOf(value: Json): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!isObject(value)) return [];
  const own = typeof value.$ref === "string" && value.$ref.startsWith(SCHEMA_REF) ? [value.$ref.slice(SCHEMA_REF.length)] : [];
  return [...own, ...Object.values(value).flatMap(refsOf)];
}

/**
 * An operation as the command line calls it: what it sends and its successful answers (an error
 * it reads with its own schema, whatever answered). The prose, tags and security stay in the document.
 */
function calledOperation(operation: JsonObject): JsonObject {
  const { operationId, summary, parameters, requestBody, responses } = operation;
  return {
    operationId: operationId ?? null,
    summary: summary ?? null,
    ...(parameters === undefined ? {} : { parameters }),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses: Object.fromEntries(Object.entries(isObject(responses) ? responses : {}).filter(([status]) => status.startsWith("2"))),
  };
}

const pascal = (kind: string) => kind.replace(/(^|_)(\w)/g, (_, _separator: string, letter: string) => letter.toUpperCase());

/**
 * An event stream's frames, each a component named after the `event:` its description names
 * (`data of \`event: request_log\`` is RequestLogFrame, as the document names WebhookFrame), so
 * that the command line picks a frame by name. The document writes most of them inline.
 */
function namedFrames(schemas: Record<string, Json>, streams: string[]): Record<string, Json> {
  const named = { ...schemas };
  for (const name of streams) {
    const schema = schemas[name];
    if (!isObject(schema) || !Array.isArray(schema.anyOf)) continue;
    const frames = schema.anyOf.map((frame) => {
      if (!isObject(frame) || frame.$ref !== undefined) return frame;
      const kind = /^data of `event: (\w+)`/.exec(typeof frame.description === "string" ? frame.description : "")?.[1];
      if (kind === undefined) throw new Error(`cli-contract: a frame of ${name} names no \`event:\` in its description`);
      const frameName = `${pascal(kind)}Frame`;
      if (named[frameName] !== undefined) throw new Error(`cli-contract: ${frameName} is named twice`);
      named[frameName] = frame;
      return { $ref: `${SCHEMA_REF}${frameName}` };
    });
    named[name] = { ...schema, anyOf: frames };
  }
  return named;
}

/** The part of the document the command line reads: its operations, and every schema they refer to. */
function cliOpenApi(document: OpenApiDocument): JsonObject {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, JsonObject>)) {
      if (!CALLED_BY_THE_CLI.includes(String(operation.operationId))) continue;
      paths[route] = { ...paths[route], [method]: calledOperation(operation) };
    }
  }
  const found = Object.values(paths).flatMap((methods) => Object.values(methods).map((operation) => (operation as JsonObject).operationId));
  const missing = CALLED_BY_THE_CLI.filter((id) => !found.includes(id));
  if (missing.length > 0) throw new Error(`cli-contract: the document has no operation ${missing.join(", ")}`);

  const streams = Object.values(paths)
    .flatMap((methods) => Object.values(methods))
    .flatMap((operation) => Object.values((operation as { responses: Record<string, JsonObject> }).responses))
    .flatMap((response) => refsOf(isObject(response.content) ? (response.content["text/event-stream"] ?? null) : null));
  const all = namedFrames(document.components.schemas as Record<string, Json>, streams);
  const schemas: Record<string, Json> = {};
  const pending = refsOf(paths as Json);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (name in schemas) continue;
    const schema = all[name];
    if (schema === undefined) throw new Error(`cli-contract: no component ${name}`);
    schemas[name] = schema;
    pending.push(...refsOf(schema));
  }
  const sorted = Object.fromEntries(Object.keys(all).flatMap((name) => (name in schemas ? [[name, schemas[name] ?? null]] : [])));
  return {
    openapi: document.openapi,
    info: { title: document.info.title, version: document.info.version, description: HEADER },
    paths,
    components: { schemas: sorted },
  };
}

/** The two files, as `npm run cli:contract` writes them and Prettier leaves them: path (from the root) → text. */
export async function cliContractFiles(document: OpenApiDocument, root: string): Promise<Record<string, string>> {
  const excerpt = JSON.stringify(cliOpenApi(document));
  // the document's descriptions become comments of one line each, as long as they are
  const types = `/* eslint-disable max-len */\n/* ${HEADER} */\n${astToString(await openapiTS(excerpt))}`;
  const files = { "cli/openapi.json": excerpt, "cli/openapi.d.ts": types };
  const formatted = await Promise.all(
    Object.entries(files).map(async ([file, text]) => {
      const filepath = path.join(root, file);
      return [file, await format(text, { ...(await resolveConfig(filepath)), filepath })] as const;
    }),
  );
  return Object.fromEntries(formatted);
}
