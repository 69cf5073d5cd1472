import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ownId } from "@/lib/dashboard/api/ownership";
import { orderPatchSchema } from "@/lib/service-api/schemas";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { readOrder } from "@/lib/dashboard/orders/read-order";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /api/orders/{id} → GET /v1/orders/{id}; an order not yet indexed is indexed now
export const GET = apiRoute({}, async ({ db, tenant, params }) => Response.json(await readOrder(db, tenant, params.id)));

// PATCH /api/orders/{id} → PATCH /v1/orders/{id}: toggle or re-price
export const PATCH = apiRoute({ mutation: "orders.update" }, async ({ req, db, tenant, params, audit }) => {
  const id = await ownId(db, tenant.id, "order", params.id);
  audit.target = id;
  const input = await readJson(req, orderPatchSchema);
  const fetchedAt = new Date();
  const order = await upstreamFor(tenant).patchOrder(id, input);
  await indexOrder(db, tenant.id, order, fetchedAt);
  return Response.json(order);
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
