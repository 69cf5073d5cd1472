import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { parseOrThrow } from "@/lib/errors";
import { searchParams } from "@/lib/http/route-params";
import { scenarioRunListQuerySchema, type ScenarioRunList } from "@/lib/dashboard/contract/scenarios-api";
import { listRuns } from "@/lib/dashboard/scenarios/runs";

export const dynamic = "force-dynamic";

// GET /api/sandbox/scenario-runs?limit= – the tenant's newest scenario runs
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const { limit } = parseOrThrow(scenarioRunListQuerySchema, searchParams(req));
  return Response.json({ data: await listRuns(db, tenant.id, limit) } satisfies ScenarioRunList);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
