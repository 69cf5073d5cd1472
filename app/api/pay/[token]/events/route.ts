import type { z } from "zod";
import { publicRoute } from "@/lib/dashboard/api/public-route";
import type { updateFrameSchema } from "@/lib/dashboard/contract/dashboard-api";
import type { Notice } from "@/lib/dashboard/events/bus";
import { eventStream } from "@/lib/dashboard/events/sse";
import { isLinkLive, linkOfToken } from "@/lib/dashboard/payout-links/payout-links";
import { otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

/** Open streams per payout link; one more is 429. */
const STREAMS_PER_LINK = 3;
// The page only needs to know that its exchange changed (it asks GET /api/pay/{token} again,
// and again on every reconnect): no ids, no order, nothing of the tenant's other events.
const UPDATE = new TextEncoder().encode(`event: update\ndata: ${JSON.stringify({} satisfies z.input<typeof updateFrameSchema>)}\n\n`);

// GET /api/pay/{token}/events (public) – "your payout changed" notices for this one exchange;
// the stream closes at the first heartbeat after the link expires or is revoked
export const GET = publicRoute(async ({ req, db, params }) => {
  const link = await linkOfToken(db, params.token ?? "");
  return eventStream({
    req,
    db,
    tenantId: link.tenantId,
    holder: { key: `link:${link.id}`, limit: STREAMS_PER_LINK },
    stillValid: () => isLinkLive(db, link.id),
    filter: (notice: Exclude<Notice, { kind: "notification" }>) => notice.exchange_id === link.exchangeId,
    frame: () => UPDATE,
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
