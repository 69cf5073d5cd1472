import { readFileSync } from "node:fs";
import { z } from "zod";

// The dashboard's answers as this command line reads them: each parsed before use, so that a
// dashboard of another version fails with a clear message, not with a wrong line. None is typed by
// hand: openapi.json holds the operations this command line calls, as the dashboard's OpenAPI
// document (GET /api/openapi.json) describes them, and openapi.d.ts their types, both made by
// `npm run cli:contract` and checked against the document by cli-contract.test.ts. Each answer is
// picked by its operation and status, a stream's frame by its component's name. Objects are read
// open: a dashboard newer than the command line may add fields.

/** @typedef {import("./openapi.js").operations} Operations */
/** @typedef {import("./openapi.js").components["schemas"]} Schemas */
/** @typedef {z.core.JSONSchema.JSONSchema} JSONSchema */

/**
 * The JSON body an operation answers with a status, as the document types it.
 * @template {keyof Operations} O
 * @template {number} S
 * @typedef {Operations[O]["responses"] extends { [status in S]: { content: { "application/json": infer T } } } ? T : never} AnswerOf
 */

/** @typedef {{ operationId: string, responses: Record<string, { content?: Record<string, { schema: JSONSchema }> }> }} Operation */

/** @type {{ paths: Record<string, Record<string, Operation>>, components: { schemas: Record<string, JSONSchema> } }} */
const document = JSON.parse(readFileSync(new URL("./openapi.json", import.meta.url), "utf8"));

const COMPONENT = "#/components/schemas/";

/**
 * A schema of the document as zod reads it alone: a component's `$ref` points into `$defs`, and
 * no object is closed (`additionalProperties: false` taken out), at any depth.
 * @param {unknown} value
 * @returns {any}
 */
function readable(value) {
  if (Array.isArray(value)) return value.map(readable);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === "additionalProperties" && inner === false))
      .map(([key, inner]) => [key, key === "$ref" && typeof inner === "string" ? inner.replace(COMPONENT, "#/$defs/") : readable(inner)]),
  );
}

const $defs = readable(document.components.schemas);

/** @param {JSONSchema} schema */
const zodOf = (schema) => z.fromJSONSchema({ ...readable(schema), $defs });

/**
 * The schema of what `operationId` answers with `status` (JSON).
 * @template {keyof Operations} O
 * @template {number} S
 * @param {O} operationId
 * @param {S} status
 * @returns {z.ZodType<AnswerOf<O, S>>}
 */
function answerOf(operationId, status) {
  const operation = Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .find((candidate) => candidate.operationId === operationId);
  const schema = operation?.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) {
    throw new Error(
      `openapi.json: ${operationId} answers no JSON with ${status} (is it in CALLED_BY_THE_CLI of cli-contract.ts? npm run cli:contract)`,
    );
  }
  return /** @type {z.ZodType<AnswerOf<O, S>>} */ (zodOf(schema));
}

/**
 * The schema of a named component: a stream's frame.
 * @template {keyof Schemas} N
 * @param {N} name
 * @returns {z.ZodType<Schemas[N]>}
 */
const componentOf = (name) => /** @type {z.ZodType<Schemas[N]>} */ (zodOf({ $ref: `${COMPONENT}${name}` }));

export const webhookEventPageSchema = answerOf("listWebhookEvents", 200);
export const webhookEventDetailSchema = answerOf("getWebhookEvent", 200);
export const eventResentSchema = answerOf("resendWebhookEvent", 200);
export const webhookHealthSchema = answerOf("getWebhookHealth", 200);
export const endpointListSchema = answerOf("listForwardingEndpoints", 200);
export const requestLogPageSchema = answerOf("listRequestLogs", 200);
export const scenarioListSchema = answerOf("listScenarios", 200);
export const startedRunSchema = answerOf("runScenario", 201);
export const scenarioRunSchema = answerOf("getScenarioRun", 200);

// the frames of GET /api/events (streamEvents) the command line follows, by their `event:`
export const webhookFrameSchema = componentOf("WebhookFrame");
export const webhookResentFrameSchema = componentOf("WebhookResentFrame");
export const requestLogFrameSchema = componentOf("RequestLogFrame");
export const scenarioRunFrameSchema = componentOf("ScenarioRunFrame");

// Two readings of the command line's own, not answers of the dashboard's contract:

/** An error answer, as far as a sentence needs it: from the dashboard, or from whatever answered in its place. */
export const errorBodySchema = z.looseObject({ error: z.string(), details: z.array(z.looseObject({ message: z.string() })).optional() });

/** A scenario step's result (the contract leaves it open) that names an exchange: a payment's. */
export const exchangeIdSchema = z.looseObject({ exchange_id: z.string() });
