import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { activeSession } from "@/lib/dashboard/auth/sessions";
import { env } from "@/lib/env";
import type { ConsoleFrame } from "@/lib/dashboard/contract/console-api";
import { EVERY_TENANT, type Notice } from "@/lib/dashboard/events/bus";
import { eventStream } from "@/lib/dashboard/events/sse";

export const dynamic = "force-dynamic";

const encoder = new TextEncoder();
const consoleFrame = (notice: Exclude<Notice, { kind: "notification" }>) =>
  encoder.encode(
    `event: notice\ndata: ${JSON.stringify({
      tenant_id: notice.tenant_id,
      kind: notice.kind,
      exchange_id: notice.exchange_id ?? null,
    } satisfies ConsoleFrame)}\n\n`,
  );

// GET /api/operator/events – every tenant's live notices for the operator console (no ids, no
// replay: the console refetches what it shows, and again on every reconnect); counted among the
// user's STREAMS_PER_USER and closed at the first heartbeat after the session ends
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ req, db, user }) =>
  eventStream({
    req,
    db,
    tenantId: EVERY_TENANT,
    holder: { key: `user:${user.id}`, limit: env().streamsPerUser },
    stillValid: async () => (await activeSession(db, user.sessionId, user.id)) !== null,
    frame: consoleFrame,
    cursor: false,
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
