import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// GET /api/operator/sandbox/exchanges/{id} → GET /sandbox/operator/exchanges/{id} (any client's, with its next events)
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ params }) =>
  Response.json(await consoleSimulator().exchange(pathId("exchange", params.id))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
