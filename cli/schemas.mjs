import { readFileSync } from "node:fs";
import { z } from "zod";

// The dashboard's answers as this command line reads them: each parsed before use, so that a
// dashboard of another version fails with a clear message, not with a wrong line. They are not a
// copy: contract.json holds the JSON Schemas of the dashboard's own contract (lib/dashboard/contract,
// TypeScript, which plain Node.js cannot import), and contract.d.ts their types, both made by
// `npm run cli:contract` and checked against the contract by cli-contract.test.ts. Objects there
// are open: a dashboard newer than the command line may add fields.

/** @typedef {import("./contract.js").components["schemas"]} Contract */

/** @type {{ schemas: Record<keyof Contract, z.core.JSONSchema.JSONSchema> }} */
const contract = JSON.parse(readFileSync(new URL("./contract.json", import.meta.url), "utf8"));

/**
 * @template {keyof Contract} N
 * @param {N} name
 * @returns {z.ZodType<Contract[N]>}
 */
const schemaOf = (name) => /** @type {z.ZodType<Contract[N]>} */ (z.fromJSONSchema(contract.schemas[name]));

export const webhookFrameSchema = schemaOf("webhookFrame");
export const webhookEventPageSchema = schemaOf("webhookEventPage");
export const webhookEventDetailSchema = schemaOf("webhookEventDetail");
export const webhookHealthSchema = schemaOf("webhookHealth");
export const eventResentSchema = schemaOf("eventResent");
export const endpointListSchema = schemaOf("endpointList");
export const requestLogFrameSchema = schemaOf("requestLogFrame");
export const requestLogPageSchema = schemaOf("requestLogPage");
export const scenarioRunSchema = schemaOf("scenarioRun");
export const scenarioListSchema = schemaOf("scenarioList");
export const scenarioRunFrameSchema = schemaOf("scenarioRunFrame");

// Two readings of the command line's own, not answers of the dashboard's contract:

/** An error answer, as far as a sentence needs it: from the dashboard, or from whatever answered in its place. */
export const errorBodySchema = z.looseObject({ error: z.string(), details: z.array(z.looseObject({ message: z.string() })).optional() });

/** A scenario step's result (the contract leaves it open) that names an exchange: a payment's. */
export const exchangeIdSchema = z.looseObject({ exchange_id: z.string() });
