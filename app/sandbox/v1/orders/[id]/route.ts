import { clientRoute, json, otherMethods } from "@/lib/sandbox/http";
import { orderPatchSchema } from "@/lib/service-api/schemas";
import { getOrder, patchOrder } from "@/lib/sandbox/orders/get-order";
import { idParam } from "@/lib/sandbox/params";
import { readJson } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// GET /v1/orders/{id}
export const GET = clientRoute(async ({ db, clientId, params }) => json(await getOrder(db, clientId, idParam(params.id, "order"))));

// PATCH /v1/orders/{id}: active, fee_rate, affiliate_id
export const PATCH = clientRoute(async ({ req, db, clientId, params }) => {
  const id = idParam(params.id, "order");
  const input = await readJson(req, orderPatchSchema);
  return json(await patchOrder(db, clientId, id, input));
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
