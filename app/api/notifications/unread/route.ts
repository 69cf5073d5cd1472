import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { everyone } from "@/lib/dashboard/account/roles";
import { unreadCount } from "@/lib/dashboard/notifications/inbox";
import type { UnreadCount } from "@/lib/dashboard/contract/notifications-api";

export const dynamic = "force-dynamic";

// GET /api/notifications/unread – the bell's count
export const GET = apiRoute(everyone, async ({ db, user }) =>
  Response.json({ unread: await unreadCount(db, user.id) } satisfies UnreadCount),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
