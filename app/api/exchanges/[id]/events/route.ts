import { apiRoute } from "@/lib/api/route";
import { ownId } from "@/lib/api/ownership";
import { eventsOfExchange } from "@/lib/webhooks/event-store";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id}/events – the exchange's stored webhook events, oldest first
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = await ownId(db, tenant.id, "exchange", params.id);
  return Response.json(await eventsOfExchange(db, tenant.id, id));
});
