import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { consoleSimulator } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/operator/sandbox/clients/{client_id}/clock/reset – put one client's own clock back to
// the shared one (audited by the client's name: its client_id is a credential)
export const POST = apiRoute(
  { roles: ["operator"], scope: "global", mutation: "sandbox.client_clock_reset" },
  async ({ params, audit }) => {
    const simulator = consoleSimulator();
    const client = (await simulator.clients()).clients.find((c) => c.client_id === params.client_id);
    if (!client) throw new ApiError("not_found", "No such client");
    const reset = await simulator.resetClientClock(client.client_id);
    audit.target = `${client.name} (-${reset.moved_back_seconds}s)`;
    return Response.json(reset);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
