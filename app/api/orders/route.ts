import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { serviceTime } from "@/lib/service-api/client";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { orderCreateSchema } from "@/lib/service-api/schemas";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { listOrders } from "@/lib/dashboard/orders/list-orders";
import { orderListQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /api/orders – from the index, in the sort asked for (?cursor=&limit=&active=&currency=&payout_kind=&range=&from=&to=&sort=)
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(orderListQuerySchema, searchParams(req));
  return Response.json(await listOrders(db, tenant, query, serviceTime(tenant.baseUrl)));
});

// POST /api/orders → POST /v1/orders, then indexed
export const POST = apiRoute({ mutation: "orders.create" }, async ({ req, db, tenant, user, audit }) => {
  const input = await readJson(req, orderCreateSchema);
  const order = await upstreamFor(tenant).createOrder(input);
  audit.target = order.id;
  await indexOrder(db, tenant.id, order, new Date(), user.id);
  return Response.json(order, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
