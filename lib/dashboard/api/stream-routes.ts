import "server-only";
import type { z } from "zod";
import { apiRoute, otherMethods } from "./route";
import { publicRoute } from "./public-route";
import { activeSession } from "@/lib/dashboard/auth/sessions";
import { apiKeyStillActive } from "@/lib/dashboard/auth/api-key-alive";
import type { ConsoleFrame } from "@/lib/dashboard/contract/console-api";
import type { updateFrameSchema } from "@/lib/dashboard/contract/dashboard-api";
import { isLinkLive, linkOfToken, noteLinkOpened } from "@/lib/dashboard/payout-links/payout-links";
import { eventsAfter, latestSeq } from "@/lib/dashboard/events/event-store";
import { securityHeaders } from "@/lib/http/content-security-policy";
import { env } from "@/lib/env";
import type { StreamHandler, StreamRoutes } from "@/lib/runtime/streams.mjs";
import { EVERY_TENANT } from "@/lib/dashboard/events/bus";
import { eventStream, lastEventIdOf, type ExchangeNotice } from "@/lib/dashboard/events/sse";

// The event streams. They are not Next.js routes: the server (scripts/server.mjs) finds a stream's
// path in this table, registered at boot (lib/boot.ts), and its stream adapter
// (lib/runtime/streams.mjs) holds the connection once the route below has decided. Each is
// still a route handler in every other way: a web Request in, the dashboard's errors out.

const encoder = new TextEncoder();

/** Open streams per payout link; one more is 429. */
const STREAMS_PER_LINK = 3;
// The payout page only needs to know that its exchange changed (it asks GET /api/pay/{token}
// again, and again on every reconnect): no ids, no order, nothing of the tenant's other events.
const UPDATE = encoder.encode(`event: update\ndata: ${JSON.stringify({} satisfies z.input<typeof updateFrameSchema>)}\n\n`);

const consoleFrame = (notice: ExchangeNotice) =>
  encoder.encode(
    `event: notice\ndata: ${JSON.stringify({
      tenant_id: notice.tenant_id,
      kind: notice.kind,
      exchange_id: notice.exchange_id ?? null,
    } satisfies ConsoleFrame)}\n\n`,
  );

// GET /api/events – server-sent events of the caller's tenant (Last-Event-ID resumes, clamped to
// the tenant's newest event); at most STREAMS_PER_USER open at once per member, STREAMS_PER_KEY per
// API key, each counted apart (429 beyond), so that a key's terminals never take its creator's
// places; a stream closes at the first heartbeat after its session ends, or its API key is
// revoked (a key needs the read scope); which kinds of notice reach a session or a key is the
// registry's (lib/dashboard/contract/live-notice-kinds.ts)
const dashboard = apiRoute({}, async ({ req, db, tenant, user }) => {
  const key = user.apiKey;
  return eventStream({
    db,
    tenantId: tenant.id,
    reader: { userId: user.id, role: user.role, keyScopes: key ? key.scopes : null },
    holder: key ? { key: `key:${key.id}`, limit: env().streamsPerKey } : { key: `user:${user.id}`, limit: env().streamsPerUser },
    stillValid: async () => (key ? apiKeyStillActive(db, key.id) : (await activeSession(db, user.sessionId, user.id)) !== null),
    lastEventId: lastEventIdOf(req),
    replay: (afterSeq, limit) => eventsAfter(db, tenant.id, afterSeq, limit),
    latest: () => latestSeq(db, tenant.id),
  });
});

// GET /api/operator/events – every tenant's live notices for the operator console (no ids, no
// replay: the console refetches what it shows, and again on every reconnect); counted among the
// user's STREAMS_PER_USER and closed at the first heartbeat after the session ends
const operator = apiRoute({ roles: ["operator"], scope: "global" }, async ({ db, user }) =>
  eventStream({
    db,
    tenantId: EVERY_TENANT,
    holder: { key: `user:${user.id}`, limit: env().streamsPerUser },
    stillValid: async () => (await activeSession(db, user.sessionId, user.id)) !== null,
    frame: consoleFrame,
    cursor: false,
  }),
);

// GET /api/pay/{token}/events (public) – "your payout changed" notices for this one exchange;
// the stream closes at the first heartbeat after the link expires or is revoked
const payout = publicRoute(async ({ db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  await noteLinkOpened(db, link);
  return eventStream({
    db,
    tenantId: link.tenantId,
    holder: { key: `link:${link.id}`, limit: STREAMS_PER_LINK },
    stillValid: () => isLinkLive(db, link.id),
    filter: (notice) => notice.exchange_id === link.exchangeId,
    frame: () => UPDATE,
  });
});

/** A stream route answers GET (and HEAD, which opens nothing); other methods 405, as every route of the API. */
function getOnly(get: StreamHandler): StreamHandler {
  const refuse = otherMethods("GET").POST;
  return async (req, context) => {
    const response = req.method === "GET" || req.method === "HEAD" ? await get(req, context) : await refuse(req, context);
    for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
    return response;
  };
}

/** The stream routes by template ([name] for a path parameter), as scripts/server.mjs matches them. */
export const streamRoutes: StreamRoutes = {
  "/api/events": getOnly(dashboard),
  "/api/operator/events": getOnly(operator),
  "/api/pay/[token]/events": getOnly(payout),
};
