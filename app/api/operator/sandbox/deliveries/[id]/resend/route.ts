import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/deliveries/{id}/resend → POST /sandbox/operator/deliveries/{id}/resend
export const POST = apiRoute({ roles: ["operator"], scope: "global", mutation: "sandbox.resend_delivery" }, async ({ params, audit }) => {
  const id = pathId("delivery", params.id);
  audit.target = id;
  return Response.json(await consoleSimulator().resend(id));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
