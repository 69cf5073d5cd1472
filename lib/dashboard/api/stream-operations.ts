import { z } from "zod";
import { consoleFrameSchema } from "@/lib/dashboard/contract/console-api";
import { audienceOf, liveNoticeKinds, type LiveNoticeKind } from "@/lib/dashboard/contract/live-notice-kinds";
import type { Operation } from "@/lib/openapi/builder";
import { signedIn } from "./error-sets";
import { tenantQuery } from "./tenant-query";

// The event streams' operations of the dashboard's OpenAPI document (openapi.ts): a payout
// link's, the tenant's (a frame per live-notice kind) and the operator console's.

const liveNoticeKindNames = Object.keys(liveNoticeKinds) as LiveNoticeKind[];
const sse = (description: string, frames: z.core.$ZodType) => ({
  status: 200,
  description,
  schema: frames,
  contentType: "text/event-stream",
});

/**
 * The event streams: the server serves them outside Next.js (lib/dashboard/api/stream-routes.ts),
 * so no endpoint definition does, and they are documented here.
 */
export const streamOperations: Operation[] = [
  {
    method: "get",
    path: "/pay/{token}/events",
    operationId: "streamPayoutUpdates",
    summary: "The public payout page's live updates",
    description:
      "Server-sent events: `event: update` with `data: {}` whenever the link's exchange changes (no ids: ask GET " +
      "/pay/{token} again, also after each reconnect). At most 3 open per link; closes within 20 s of the link's end.",
    tag: "payout links",
    security: [],
    pathParams: { token: "The link's token" },
    success: sse("An endless text/event-stream", z.object({}).strict()),
    errors: ["not_found", "payout_link_revoked", "rate_limited"],
  },
  {
    method: "get",
    path: "/events",
    operationId: "streamEvents",
    summary: "The tenant's live events",
    description:
      "Server-sent events of the tenant, each frame's `event:` its kind (only `webhook` has an SSE `id:`), sent to " +
      "whom its kind says: " +
      liveNoticeKindNames.map((kind) => `\`event: ${kind}\` when ${liveNoticeKinds[kind].when} (${audienceOf(kind)})`).join("; ") +
      ". A comment every 15 s (`: connected` once the stream hears everything); closed when the session ends or the key " +
      "is revoked. At most `STREAMS_PER_USER` open per user, `STREAMS_PER_KEY` per API key.",
    tag: "events",
    query: tenantQuery,
    success: sse(
      "An endless text/event-stream; each frame's data is one of these",
      z.union(liveNoticeKindNames.map((kind) => liveNoticeKinds[kind].frame)),
    ),
    errors: [...signedIn, "rate_limited"],
  },
  {
    method: "get",
    path: "/operator/events",
    operationId: "streamConsoleEvents",
    summary: "Every tenant's live notices",
    description:
      "Server-sent events for the operator console: `event: notice` with a ConsoleFrame for each stored webhook and " +
      "refreshed snapshot of any tenant. No ids and no replay: refetch what is shown, and again after a reconnect. A " +
      "comment every 15 s; closed when the session ends; counted among the user's `STREAMS_PER_USER`.",
    tag: "operator console",
    success: sse("An endless text/event-stream", consoleFrameSchema),
    errors: ["unauthorized", "forbidden", "rate_limited"],
  },
];
