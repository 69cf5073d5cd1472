import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readRun } from "@/lib/dashboard/scenarios/runs";

export const dynamic = "force-dynamic";

// GET /api/sandbox/scenario-runs/{id} – one run of the tenant, with its steps
export const GET = apiRoute({}, async ({ db, tenant, params }) =>
  Response.json(await readRun(db, tenant.id, pathId("scenario run", params.id))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
