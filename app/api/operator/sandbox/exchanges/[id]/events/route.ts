import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { driveEventSchema } from "@/lib/service-api/operator-contract";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/exchanges/{id}/events → POST /sandbox/operator/exchanges/{id}/events
export const POST = apiRoute(
  { roles: ["operator"], scope: "global", mutation: "sandbox.drive_exchange" },
  async ({ req, params, audit }) => {
    const id = pathId("exchange", params.id);
    audit.target = id;
    const event = await readJson(req, driveEventSchema);
    return Response.json(await consoleSimulator().drive(id, event));
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
