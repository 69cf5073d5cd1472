import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// GET /api/operator/sandbox/deliveries?status=&endpoint_id=&exchange_id=&since= → GET /sandbox/operator/deliveries
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ req }) =>
  Response.json(await consoleSimulator().deliveries(searchParams(req))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
