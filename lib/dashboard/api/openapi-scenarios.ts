import {
  scenarioListSchema,
  scenarioRunCreateSchema,
  scenarioRunListQuerySchema,
  scenarioRunListSchema,
  scenarioRunSchema,
} from "@/lib/dashboard/contract/scenarios-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of the sandbox's scenarios (docs/scenarios.md).

const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];

export const scenarioOperations: Operation[] = [
  {
    method: "get",
    path: "/sandbox/scenarios",
    operationId: "listScenarios",
    summary: "Built-in scenarios",
    description: "Each built-in scenario's document, its values and the webhooks it makes, in order.",
    tag: "scenarios",
    success: { status: 200, description: "The scenarios", schema: scenarioListSchema },
    errors: ["unauthorized"],
  },
  {
    method: "post",
    path: "/sandbox/scenarios/{name}/runs",
    operationId: "runScenario",
    summary: "Run a scenario",
    description:
      "Starts a run of a built-in scenario with `set` overriding its values, or of `document` under the name `custom` " +
      "(admins). It runs in the background; follow it by GET or by `event: scenario_run` on /api/events. Only while the " +
      "tenant's upstream is this app's sandbox (409 conflict otherwise).",
    tag: "scenarios",
    pathParams: { name: "A built-in scenario's name, or custom" },
    body: { schema: scenarioRunCreateSchema, example: { set: { amount: 300 } } },
    success: { status: 201, description: "The run, its steps pending", schema: scenarioRunSchema },
    errors: [...mutation, "not_found", "conflict"],
  },
  {
    method: "get",
    path: "/sandbox/scenario-runs",
    operationId: "listScenarioRuns",
    summary: "The tenant's scenario runs",
    description: "Newest first.",
    tag: "scenarios",
    query: scenarioRunListQuerySchema,
    success: { status: 200, description: "The runs", schema: scenarioRunListSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  {
    method: "get",
    path: "/sandbox/scenario-runs/{id}",
    operationId: "getScenarioRun",
    summary: "One scenario run",
    description: "With each step's status, result or error, and times.",
    tag: "scenarios",
    pathParams: { id: "The run's UUID" },
    success: { status: 200, description: "The run", schema: scenarioRunSchema },
    errors: ["unauthorized", "not_found"],
  },
];
