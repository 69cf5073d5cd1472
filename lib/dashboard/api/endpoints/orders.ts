import "server-only";
import { z } from "zod";
import { orderListQuerySchema, orderPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { challengeCreateSchema, challengeSchema, orderCreateSchema, orderPatchSchema, orderSchema } from "@/lib/service-api/schemas";
import { serviceTime } from "@/lib/service-api/client";
import { upstreamFor } from "@/lib/dashboard/auth/tenants";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { listOrders } from "@/lib/dashboard/orders/list-orders";
import { readOrder } from "@/lib/dashboard/orders/read-order";
import { orderCreateErrors } from "@/lib/openapi/error-sets";
import { readJson } from "@/lib/http/read-body";
import { ownId } from "../ownership";
import { mutation, signedIn, upstream } from "../error-sets";
import { tenantQuery } from "../tenant-query";
import { endpoint } from "../endpoint";

// Challenges and orders: proxied to the service with the tenant's credentials, and orders indexed,
// since the service lists none.

const tag = "orders";

// POST /api/challenges → POST /v1/challenges
export const createChallenge = endpoint({
  method: "POST",
  path: "/challenges",
  access: { mutation: "challenges.create" },
  doc: {
    operationId: "createChallenge",
    summary: "Create a challenge",
    description: "Proxies POST /v1/challenges with the tenant's credentials.",
    tag,
    // often sent without a body, which reads as {}
    body: { schema: challengeCreateSchema, required: false, example: {} },
    success: { status: 201, description: "The challenge", schema: challengeSchema },
    errors: [...mutation, ...upstream],
  },
  handler: async ({ req, tenant, audit }) => {
    await readJson(req, challengeCreateSchema);
    const challenge = await upstreamFor(tenant).createChallenge();
    audit.target = challenge.id;
    return Response.json(challenge, { status: 201 });
  },
});

// GET /api/challenges/{id} → GET /v1/challenges/{id}
export const getChallenge = endpoint({
  method: "GET",
  path: "/challenges/{id}",
  access: {},
  ids: { id: "challenge" },
  doc: {
    operationId: "getChallenge",
    summary: "Get a challenge",
    description: "Proxies GET /v1/challenges/{id}.",
    tag,
    success: { status: 200, description: "The challenge", schema: challengeSchema },
    errors: [...signedIn, "not_found", ...upstream],
  },
  handler: async ({ tenant, ids }) => Response.json(await upstreamFor(tenant).getChallenge(ids.id)),
});

// GET /api/orders – from the index, in the sort asked for
export const listIndexedOrders = endpoint({
  method: "GET",
  path: "/orders",
  access: {},
  query: z.object({ ...orderListQuerySchema.shape, ...tenantQuery.shape }),
  doc: {
    operationId: "listOrders",
    summary: "List orders",
    description:
      "The tenant's orders from the dashboard's index (the service has no list endpoint), newest first unless `sort` says " +
      "otherwise, of the days of `range` (in the tenant's time zone), with their count (`total`, capped at 10 000).",
    tag,
    success: { status: 200, description: "A page of orders", schema: orderPageSchema },
    errors: [...signedIn, "invalid_request"],
  },
  handler: async ({ db, tenant, query }) => Response.json(await listOrders(db, tenant, query, serviceTime(tenant.baseUrl))),
});

// POST /api/orders → POST /v1/orders, then indexed
export const createOrder = endpoint({
  method: "POST",
  path: "/orders",
  access: { mutation: "orders.create" },
  body: { schema: orderCreateSchema },
  doc: {
    operationId: "createOrder",
    summary: "Create an order",
    description: "Proxies POST /v1/orders and indexes the order. The service's error codes pass through with their status.",
    tag,
    success: { status: 201, description: "The order", schema: orderSchema },
    errors: [...mutation, ...orderCreateErrors, ...upstream],
  },
  handler: async ({ db, tenant, user, audit, body }) => {
    const order = await upstreamFor(tenant).createOrder(body);
    audit.target = order.id;
    await indexOrder(db, tenant.id, order, new Date(), user.id);
    return Response.json(order, { status: 201 });
  },
});

// GET /api/orders/{id} → GET /v1/orders/{id}; an order not yet indexed is indexed now
export const getOrder = endpoint({
  method: "GET",
  path: "/orders/{id}",
  access: {},
  ids: { id: "order" },
  doc: {
    operationId: "getOrder",
    summary: "Get an order",
    description: "Proxies GET /v1/orders/{id}; another tenant's order is 404.",
    tag,
    success: { status: 200, description: "The order", schema: orderSchema },
    errors: [...signedIn, "not_found", ...upstream],
  },
  handler: async ({ db, tenant, ids }) => Response.json(await readOrder(db, tenant, ids.id)),
});

// PATCH /api/orders/{id} → PATCH /v1/orders/{id}: toggle or re-price
export const updateOrder = endpoint({
  method: "PATCH",
  path: "/orders/{id}",
  access: { mutation: "orders.update" },
  ids: { id: "order" },
  doc: {
    operationId: "updateOrder",
    summary: "Toggle or re-price an order",
    description: "Proxies PATCH /v1/orders/{id} (admins only) and records it in the audit log.",
    tag,
    // read once the order is known to be the tenant's, so that the audit log names it
    body: { schema: orderPatchSchema, example: { active: false } },
    success: { status: 200, description: "The order", schema: orderSchema },
    errors: [...mutation, "not_found", "fee_rate_out_of_range", "affiliate_not_found", ...upstream],
  },
  handler: async ({ req, db, tenant, ids, audit }) => {
    const id = await ownId(db, tenant.id, "order", ids.id);
    audit.target = id;
    const input = await readJson(req, orderPatchSchema);
    const fetchedAt = new Date();
    const order = await upstreamFor(tenant).patchOrder(id, input);
    await indexOrder(db, tenant.id, order, fetchedAt);
    return Response.json(order);
  },
});

export const orderEndpoints = [createChallenge, getChallenge, listIndexedOrders, createOrder, getOrder, updateOrder];
