import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { ApiError } from "@/lib/errors";
import { isExchangeIndexed } from "@/lib/dashboard/exchanges/index-exchange";
import { eventsOfExchange } from "@/lib/dashboard/events/event-store";

export const dynamic = "force-dynamic";

// GET /api/exchanges/{id}/events – the exchange's stored webhook events, oldest first; an
// exchange the tenant has neither indexed nor heard of is 404, whoever else knows it
export const GET = apiRoute({}, async ({ db, tenant, params }) => {
  const id = pathId("exchange", params.id);
  const events = await eventsOfExchange(db, tenant.id, id);
  if (events.data.length === 0 && !(await isExchangeIndexed(db, tenant.id, id))) throw new ApiError("not_found", "No such exchange");
  return Response.json(events);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
