import { clientRoute, json, otherMethods } from "@/lib/sandbox/http";
import { orderCreateSchema } from "@/lib/service-api/schemas";
import { createOrder } from "@/lib/sandbox/orders/create-order";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// POST /v1/orders
export const POST = clientRoute(async ({ req, db, clientId }) => {
  const input = await readJson(req, orderCreateSchema);
  return json(await createOrder(db, clientId, input), 201);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
