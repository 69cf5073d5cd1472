import "server-only";
import { orderCreateSchema, orderPatchSchema } from "@/lib/service-api/schemas";
import { orderCreateErrors } from "@/lib/openapi/error-sets";
import { json } from "../http";
import { endpoint } from "../endpoint";
import { bodyErrors, v1Errors } from "../error-sets";
import { createOrder } from "./create-order";
import { getOrder, patchOrder } from "./get-order";

// The REST API v1's orders: standing payment and payout instructions.

const tag = "orders";

// POST /sandbox/v1/orders
export const createOrderEndpoint = endpoint({
  method: "POST",
  path: "/v1/orders",
  access: "client",
  body: { schema: orderCreateSchema },
  doc: {
    operationId: "createOrder",
    summary: "Create an order",
    description:
      "Payment instructions (where fiat is paid in) and a payout destination proven by a signature over a message " +
      "containing an open challenge's token: a bitcoin address (BIP-137, Electrum or BIP-322) or a Lightning node (a " +
      "node's signed message).",
    tag,
    success: { status: 201, description: "The order, with the bank details to pay into", schema: "Order" },
    errors: [...v1Errors, ...bodyErrors, ...orderCreateErrors],
  },
  handler: async ({ db, clientId, body }) => json(await createOrder(db, clientId, body), 201),
});

// GET /sandbox/v1/orders/{id}
export const getOrderEndpoint = endpoint({
  method: "GET",
  path: "/v1/orders/{id}",
  access: "client",
  ids: { id: "order" },
  doc: {
    operationId: "getOrder",
    summary: "Get an order",
    description: "The order as created, with its current `active`, `fee_rate` and `affiliate_id`.",
    tag,
    success: { status: 200, description: "The order", schema: "Order" },
    errors: [...v1Errors],
  },
  handler: async ({ db, clientId, ids }) => json(await getOrder(db, clientId, ids.id)),
});

// PATCH /sandbox/v1/orders/{id}: active, fee_rate, affiliate_id
export const updateOrderEndpoint = endpoint({
  method: "PATCH",
  path: "/v1/orders/{id}",
  access: "client",
  ids: { id: "order" },
  body: { schema: orderPatchSchema, example: { active: false } },
  doc: {
    operationId: "updateOrder",
    summary: "Toggle or re-price an order",
    description: "Changes `active`, `fee_rate` or `affiliate_id`. Payments into an inactive order are refunded with `order_inactive`.",
    tag,
    success: { status: 200, description: "The updated order", schema: "Order" },
    errors: [...v1Errors, ...bodyErrors, "fee_rate_out_of_range", "affiliate_not_found"],
  },
  handler: async ({ db, clientId, ids, body }) => json(await patchOrder(db, clientId, ids.id, body)),
});
