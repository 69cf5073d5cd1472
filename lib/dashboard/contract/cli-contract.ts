import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { format, resolveConfig } from "prettier";
import { toJSONSchema } from "zod";
import { webhookEventDetailSchema, webhookEventPageSchema, webhookHealthSchema } from "./events-api";
import { endpointListSchema, eventResentSchema } from "./forwarding-api";
import { requestLogFrameSchema, requestLogPageSchema } from "./request-logs-api";
import { scenarioListSchema, scenarioRunFrameSchema, scenarioRunSchema } from "./scenarios-api";
import { webhookFrameSchema } from "./shell-api";

// The answers the command line (cli/, plain Node.js, which cannot import this TypeScript) reads,
// as JSON Schema made from this contract: `npm run cli:contract` writes them to cli/contract.json
// and their types to cli/contract.d.ts; cli-contract.test.ts fails when those files drift from
// the contract. Objects are left open (no additionalProperties: false): a dashboard newer than
// the command line may add fields.

const READ_BY_THE_CLI = {
  webhookFrame: webhookFrameSchema,
  webhookEventPage: webhookEventPageSchema,
  webhookEventDetail: webhookEventDetailSchema,
  webhookHealth: webhookHealthSchema,
  eventResent: eventResentSchema,
  endpointList: endpointListSchema,
  requestLogFrame: requestLogFrameSchema,
  requestLogPage: requestLogPageSchema,
  scenarioRun: scenarioRunSchema,
  scenarioList: scenarioListSchema,
  scenarioRunFrame: scenarioRunFrameSchema,
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A schema as it stands alone: each `$ref` to its `$defs` replaced by the definition (these have
 * no cycles), and every `additionalProperties: false` taken out, at any depth.
 */
function standalone(value: Json, defs: Record<string, Json>): Json {
  if (Array.isArray(value)) return value.map((inner) => standalone(inner, defs));
  if (value === null || typeof value !== "object") return value;
  const ref = typeof value.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(value.$ref)?.[1] : undefined;
  if (ref !== undefined) {
    const def = defs[ref];
    if (def === undefined) throw new Error(`cli-contract: no $defs/${ref}`);
    return standalone(def, defs);
  }
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => key !== "$schema" && key !== "$defs" && !(key === "additionalProperties" && inner === false))
      .map(([key, inner]) => [key, standalone(inner, defs)]),
  );
}

export type CliContractName = keyof typeof READ_BY_THE_CLI;

/** name → JSON Schema (draft 2020-12) of what the dashboard answers, each standing alone. */
export function cliContract(): Record<CliContractName, Json> {
  const entries = Object.entries(READ_BY_THE_CLI).map(([name, schema]) => {
    const json = toJSONSchema(schema, { io: "output" }) as { [key: string]: Json };
    const defs = (json.$defs ?? {}) as Record<string, Json>;
    return [name, standalone(json, defs)];
  });
  return Object.fromEntries(entries) as Record<CliContractName, Json>;
}

const HEADER = "Made by `npm run cli:contract` from lib/dashboard/contract (cli-contract.ts): do not edit.";

/** The two files, as `npm run cli:contract` writes them and Prettier leaves them: path (from the root) → text. */
export async function cliContractFiles(root: string): Promise<Record<string, string>> {
  const schemas = cliContract();
  // openapi-typescript takes a document: one with these as its components
  const document: Parameters<typeof openapiTS>[0] = JSON.stringify({
    openapi: "3.1.0",
    info: { title: "exchange-dashboard cli", version: "1" },
    paths: {},
    components: { schemas },
  });
  const types = `// ${HEADER}\n${astToString(await openapiTS(document))}`;
  const json = JSON.stringify({ $comment: HEADER, schemas });
  const files = { "cli/contract.json": json, "cli/contract.d.ts": types };
  const formatted = await Promise.all(
    Object.entries(files).map(async ([file, text]) => {
      const filepath = path.join(root, file);
      return [file, await format(text, { ...(await resolveConfig(filepath)), filepath })] as const;
    }),
  );
  return Object.fromEntries(formatted);
}
