import { apiRoute } from "@/lib/api/route";
import { eventStream, lastEventIdOf } from "@/lib/events/sse";
import { eventsAfter } from "@/lib/webhooks/event-store";

export const dynamic = "force-dynamic";

// GET /api/events – server-sent events of the caller's tenant (Last-Event-ID resumes)
export const GET = apiRoute({}, async ({ req, db, tenant }) =>
  eventStream({ req, tenantId: tenant.id, lastEventId: lastEventIdOf(req), replay: (afterId) => eventsAfter(db, tenant.id, afterId) }),
);
