import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { notificationQuerySchema } from "@/lib/dashboard/contract/notifications-api";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";

export const dynamic = "force-dynamic";

// GET /api/notifications – the caller's notifications, newest first by default (?cursor= pages, ?unread=1, ?range=&from=&to=&sort=)
export const GET = apiRoute(everyone, async ({ req, db, user, tenant }) =>
  Response.json(
    await listNotifications(db, { id: user.id, timeZone: tenant.timeZone }, parseOrThrow(notificationQuerySchema, searchParams(req))),
  ),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
