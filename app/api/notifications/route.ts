import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { notificationQuerySchema } from "@/lib/dashboard/contract/notifications-api";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";

export const dynamic = "force-dynamic";

// GET /api/notifications – the caller's notifications, newest first (?before= pages, ?unread=1)
export const GET = apiRoute(everyone, async ({ req, db, user }) =>
  Response.json(await listNotifications(db, user.id, parseOrThrow(notificationQuerySchema, searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
