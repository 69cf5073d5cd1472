import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ownId } from "@/lib/dashboard/api/ownership";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { readJson } from "@/lib/http/read-body";
import { driveEventSchema } from "@/lib/service-api/operator-contract";
import type { SimulatorSteps } from "@/lib/dashboard/contract/console-api";
import { refreshExchange } from "@/lib/dashboard/exchanges/refresh-exchange";
import { simulatorFor } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id}/simulate – the next steps the sandbox can simulate for the tenant's exchange
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  const simulator = simulatorFor(tenant);
  await upstreamFor(tenant).getExchange(id); // the tenant's own exchange, else 404
  const { payout_kind, events } = await simulator.exchange(id);
  return Response.json({ payout_kind, events } satisfies SimulatorSteps);
});

// POST /api/exchanges/{id}/simulate – simulate the next step (broadcast, confirm, pay the invoice, …)
export const POST = apiRoute({ mutation: "exchanges.simulate" }, async ({ req, db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  audit.target = id;
  const simulator = simulatorFor(tenant);
  const event = await readJson(req, driveEventSchema);
  await upstreamFor(tenant).getExchange(id);
  await simulator.drive(id, event);
  return Response.json(await refreshExchange(db, tenant, id));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
