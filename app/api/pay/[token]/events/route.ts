import { publicRoute } from "@/lib/api/public-route";
import { eventStream, lastEventIdOf } from "@/lib/events/sse";
import { eventsAfter } from "@/lib/webhooks/event-store";
import { linkOfToken } from "@/lib/payout-links/payout-links";

export const dynamic = "force-dynamic";

// GET /api/pay/{token}/events (public) – server-sent notices about this one exchange
export const GET = publicRoute(async ({ req, db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  const ofExchange = (n: { exchange_id: string | null }) => n.exchange_id === link.exchangeId;
  return eventStream({
    req,
    tenantId: link.tenantId,
    lastEventId: lastEventIdOf(req),
    replay: async (afterId) => (await eventsAfter(db, link.tenantId, afterId)).filter(ofExchange),
    filter: ofExchange,
  });
});
