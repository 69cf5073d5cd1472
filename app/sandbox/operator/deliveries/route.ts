import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { deliveryFiltersSchema, listDeliveries } from "@/lib/sandbox/operator/list-deliveries";

export const dynamic = "force-dynamic";

// GET /sandbox/operator/deliveries?exchange_id=&endpoint_id=&status=&since=&limit=
export const GET = operatorRoute(async ({ req, db }) => {
  const filters = deliveryFiltersSchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return json(await listDeliveries(db, filters));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
