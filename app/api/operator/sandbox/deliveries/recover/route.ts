import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { recoverRequestSchema } from "@/lib/service-api/operator-contract";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/deliveries/recover → POST /sandbox/operator/deliveries/recover
export const POST = apiRoute({ roles: ["operator"], scope: "global", mutation: "sandbox.recover_deliveries" }, async ({ req, audit }) => {
  const input = await readJson(req, recoverRequestSchema);
  audit.target = input.endpoint_id;
  return Response.json(await consoleSimulator().recover(input.endpoint_id, input.since));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
