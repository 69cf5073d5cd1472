import { clientRoute, json, otherMethods, readJson } from "@/lib/sandbox/http";
import { parseOrThrow } from "@/lib/errors";
import { orderCreateSchema } from "@/lib/exchange/schemas";
import { createOrder } from "@/lib/sandbox/orders/create-order";

export const dynamic = "force-dynamic";

// POST /v1/orders
export const POST = clientRoute(async ({ req, db, clientId }) => {
  const input = parseOrThrow(orderCreateSchema, await readJson(req));
  return json(await createOrder(db, clientId, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
