import "server-only";
import {
  scenarioListSchema,
  scenarioRunCreateSchema,
  scenarioRunListQuerySchema,
  scenarioRunListSchema,
  scenarioRunSchema,
  type ScenarioList,
  type ScenarioRunList,
} from "@/lib/dashboard/contract/scenarios-api";
import { builtInScenarios } from "@/lib/dashboard/scenarios/built-ins";
import { listRuns, readRun, startRun } from "@/lib/dashboard/scenarios/runs";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// The sandbox's scenarios (docs/scenarios.md): the built-in ones, running one, and the runs.

const tag = "scenarios";

// GET /api/sandbox/scenarios – the built-in scenarios, their values and the webhooks each makes
export const listScenarios = endpoint({
  method: "GET",
  path: "/sandbox/scenarios",
  access: {},
  doc: {
    operationId: "listScenarios",
    summary: "Built-in scenarios",
    description: "Each built-in scenario's document, its values and the webhooks it makes, in order.",
    tag,
    success: { status: 200, description: "The scenarios", schema: scenarioListSchema },
    errors: ["unauthorized"],
  },
  handler: async () => Response.json({ data: builtInScenarios } satisfies ScenarioList),
});

// POST /api/sandbox/scenarios/{name}/runs – run a built-in scenario, or `custom` with its document (sandbox tenants only)
export const runScenario = endpoint({
  method: "POST",
  path: "/sandbox/scenarios/{name}/runs",
  access: { mutation: "sandbox.scenario_run" },
  body: { schema: scenarioRunCreateSchema, example: { set: { amount: 300 } } },
  doc: {
    operationId: "runScenario",
    summary: "Run a scenario",
    description:
      "Starts a run of a built-in scenario with `set` overriding its values, or of `document` under the name `custom` " +
      "(admins). It runs in the background; follow it by GET or by `event: scenario_run` on /api/events. Only while the " +
      "tenant's upstream is this app's sandbox (409 conflict otherwise).",
    tag,
    pathParams: { name: "A built-in scenario's name, or custom" },
    success: { status: 201, description: "The run, its steps pending", schema: scenarioRunSchema },
    errors: [...mutation, "not_found", "conflict"],
  },
  handler: async ({ db, tenant, user, params, audit, body }) => {
    const run = await startRun(db, tenant, user, params.name ?? "", body);
    audit.target = run.id;
    return Response.json(run, { status: 201 });
  },
});

// GET /api/sandbox/scenario-runs?limit= – the tenant's newest scenario runs
export const listScenarioRuns = endpoint({
  method: "GET",
  path: "/sandbox/scenario-runs",
  access: {},
  query: scenarioRunListQuerySchema,
  doc: {
    operationId: "listScenarioRuns",
    summary: "The tenant's scenario runs",
    description: "Newest first.",
    tag,
    success: { status: 200, description: "The runs", schema: scenarioRunListSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  handler: async ({ db, tenant, query }) => Response.json({ data: await listRuns(db, tenant.id, query.limit) } satisfies ScenarioRunList),
});

// GET /api/sandbox/scenario-runs/{id} – one run of the tenant, with its steps
export const getScenarioRun = endpoint({
  method: "GET",
  path: "/sandbox/scenario-runs/{id}",
  access: {},
  ids: { id: "scenario run" },
  doc: {
    operationId: "getScenarioRun",
    summary: "One scenario run",
    description: "With each step's status, result or error, and times.",
    tag,
    pathParams: { id: "The run's UUID" },
    success: { status: 200, description: "The run", schema: scenarioRunSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, tenant, ids }) => Response.json(await readRun(db, tenant.id, ids.id)),
});

export const scenarioEndpoints = [listScenarios, runScenario, listScenarioRuns, getScenarioRun];
