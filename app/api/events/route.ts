import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { activeSession } from "@/lib/dashboard/auth/sessions";
import { env } from "@/lib/env";
import { eventStream, lastEventIdOf } from "@/lib/dashboard/events/sse";
import { eventsAfter, latestSeq } from "@/lib/dashboard/webhooks/event-store";

export const dynamic = "force-dynamic";

// GET /api/events – server-sent events of the caller's tenant (Last-Event-ID resumes); at most
// STREAMS_PER_USER open at once (429 beyond); a stream closes at the first heartbeat after its
// session ends
export const GET = apiRoute({}, async ({ req, db, tenant, user }) =>
  eventStream({
    req,
    db,
    tenantId: tenant.id,
    userId: user.id,
    holder: { key: `user:${user.id}`, limit: env().streamsPerUser },
    stillValid: async () => (await activeSession(db, user.sessionId, user.id)) !== null,
    lastEventId: lastEventIdOf(req),
    replay: (afterSeq, limit) => eventsAfter(db, tenant.id, afterSeq, limit),
    latest: () => latestSeq(db, tenant.id),
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
