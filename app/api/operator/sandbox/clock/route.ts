import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { clockBodySchema } from "@/lib/dashboard/contract/console-api";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

const operators = { roles: ["operator" as const], scope: "global" as const };

// GET /api/operator/sandbox/clock – the sandbox's time
export const GET = apiRoute(operators, async () => Response.json(await consoleSimulator().clock(0)));

// POST /api/operator/sandbox/clock – move the sandbox clock forward (expiries, retries, payouts unpaid for 24 h)
export const POST = apiRoute({ ...operators, mutation: "sandbox.clock" }, async ({ req, audit }) => {
  const { advance_seconds } = await readJson(req, clockBodySchema);
  audit.target = `+${advance_seconds}s`;
  return Response.json(await consoleSimulator().clock(advance_seconds));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
