import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { readJson } from "@/lib/http/read-body";
import { markReadBodySchema, type UnreadCount } from "@/lib/dashboard/contract/notifications-api";
import { markRead } from "@/lib/dashboard/notifications/inbox";

export const dynamic = "force-dynamic";

// POST /api/notifications/read – marks the caller's notifications read ({ids} or {all: true});
// not audited (it changes only what the bell shows); from another origin refused as every change is
export const POST = apiRoute(everyone, async ({ req, db, user }) => {
  const body = await readJson(req, markReadBodySchema);
  return Response.json({ unread: await markRead(db, user.id, body) } satisfies UnreadCount);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
