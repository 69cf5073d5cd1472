import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/clock/reset – put the sandbox's shared clock back to the present
// (a clock that ran ahead: its objects are mended, docs/sandbox.md#clocks)
export const POST = apiRoute({ roles: ["operator"], scope: "global", mutation: "sandbox.clock_reset" }, async ({ audit }) => {
  const reset = await consoleSimulator().resetClock();
  audit.target = `-${reset.moved_back_seconds}s`;
  return Response.json(reset);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
