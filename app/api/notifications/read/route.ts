import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { isSameOrigin } from "@/lib/dashboard/api/same-origin";
import { ApiError } from "@/lib/errors";
import { readJson } from "@/lib/http/read-body";
import { markReadBodySchema, type UnreadCount } from "@/lib/dashboard/contract/notifications-api";
import { markRead } from "@/lib/dashboard/notifications/inbox";

export const dynamic = "force-dynamic";

// POST /api/notifications/read – marks the caller's notifications read ({ids} or {all: true});
// not audited (it changes only what the bell shows), but refused from another origin all the same
export const POST = apiRoute(everyone, async ({ req, db, user }) => {
  if (!user.apiKey && !isSameOrigin(req)) throw new ApiError("forbidden", "Cross-origin request refused");
  const body = await readJson(req, markReadBodySchema);
  return Response.json({ unread: await markRead(db, user.id, body) } satisfies UnreadCount);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
