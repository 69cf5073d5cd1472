import { json, operatorRoute, otherMethods } from "@/lib/sandbox/http";
import { listDeliveries } from "@/lib/sandbox/operator/list-deliveries";
import { idParam } from "@/lib/sandbox/params";

export const dynamic = "force-dynamic";

// GET /sandbox/operator/deliveries?exchange_id=
export const GET = operatorRoute(async ({ req, db }) => {
  const exchangeId = new URL(req.url).searchParams.get("exchange_id");
  return json(await listDeliveries(db, exchangeId ? idParam(exchangeId, "exchange") : undefined));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
