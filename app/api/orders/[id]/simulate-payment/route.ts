import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ownId } from "@/lib/dashboard/api/ownership";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { readJson } from "@/lib/http/read-body";
import { paymentFieldsSchema } from "@/lib/service-api/operator-contract";
import { simulatorFor } from "@/lib/dashboard/simulator/simulator";

export const dynamic = "force-dynamic";

// POST /api/orders/{id}/simulate-payment – a test payment into the tenant's order (sandbox upstream only)
export const POST = apiRoute({ mutation: "orders.simulate_payment" }, async ({ req, db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "order", params.id);
  audit.target = id;
  const simulator = simulatorFor(tenant);
  const input = await readJson(req, paymentFieldsSchema);
  await upstreamFor(tenant).getOrder(id); // the tenant's own order, else 404
  return Response.json(await simulator.pay({ ...input, order_id: id }), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
