import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { scenarioRunCreateSchema } from "@/lib/dashboard/contract/scenarios-api";
import { startRun } from "@/lib/dashboard/scenarios/runs";

export const dynamic = "force-dynamic";

// POST /api/sandbox/scenarios/{name}/runs – run a built-in scenario, or `custom` with its document (sandbox tenants only)
export const POST = apiRoute({ mutation: "sandbox.scenario_run" }, async ({ req, db, tenant, user, params, audit }) => {
  const input = await readJson(req, scenarioRunCreateSchema);
  const run = await startRun(db, tenant, user, params.name ?? "", input);
  audit.target = run.id;
  return Response.json(run, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
