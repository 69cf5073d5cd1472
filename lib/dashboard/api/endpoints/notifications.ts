import "server-only";
import {
  markReadBodySchema,
  notificationListSchema,
  notificationQuerySchema,
  preferencesBodySchema,
  preferencesSchema,
  unreadCountSchema,
  type UnreadCount,
} from "@/lib/dashboard/contract/notifications-api";
import { listNotifications, markRead, unreadCount } from "@/lib/dashboard/notifications/inbox";
import { preferencesOf, setPreferences } from "@/lib/dashboard/notifications/preferences";
import { everyone } from "@/lib/dashboard/account/roles";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// A person's own notifications (the bell) and how they receive each category, whatever their role.

const change = mutation;
const tag = "notifications";

// GET /api/notifications – the caller's notifications, newest first by default (?cursor= pages, ?unread=1, ?range=&from=&to=&sort=)
export const listOwnNotifications = endpoint({
  method: "GET",
  path: "/notifications",
  access: everyone,
  query: notificationQuerySchema,
  doc: {
    operationId: "listNotifications",
    summary: "Your notifications",
    description: "Newest first, 50 at a time (`before` pages on), or only the unread ones. Each is made once per exchange and reason.",
    tag,
    success: { status: 200, description: "A page of notifications and the unread count", schema: notificationListSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  handler: async ({ db, user, tenant, query }) =>
    Response.json(await listNotifications(db, { id: user.id, timeZone: tenant.timeZone }, query)),
});

// GET /api/notifications/unread – the bell's count
export const unreadNotifications = endpoint({
  method: "GET",
  path: "/notifications/unread",
  access: everyone,
  doc: {
    operationId: "unreadNotifications",
    summary: "How many of your notifications are unread",
    description: "The bell's count; the live stream (GET /events) sends `event: notification` when a new one arrives.",
    tag,
    success: { status: 200, description: "The unread count", schema: unreadCountSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db, user }) => Response.json({ unread: await unreadCount(db, user.id) } satisfies UnreadCount),
});

// POST /api/notifications/read – marks the caller's notifications read ({ids} or {all: true});
// not audited (it changes only what the bell shows); from another origin refused as every change is
export const markNotificationsRead = endpoint({
  method: "POST",
  path: "/notifications/read",
  access: everyone,
  body: { schema: markReadBodySchema, example: { all: true } },
  doc: {
    operationId: "markNotificationsRead",
    summary: "Mark notifications read",
    description: "These ids, or `{all: true}`. Not audited; refused from another origin.",
    tag,
    success: { status: 200, description: "The unread count after", schema: unreadCountSchema },
    errors: change,
  },
  handler: async ({ db, user, body }) => Response.json({ unread: await markRead(db, user.id, body) } satisfies UnreadCount),
});

// GET /api/account/notifications – how the caller receives each category (email, in_app, none)
export const getNotificationPreferences = endpoint({
  method: "GET",
  path: "/account/notifications",
  access: everyone,
  doc: {
    operationId: "getNotificationPreferences",
    summary: "How you receive each category",
    description:
      "Per category: `email` (a mail at most every 15 minutes, with everything in between, and the bell), `in_app` (the bell) or `none`.",
    tag,
    success: { status: 200, description: "Your choices", schema: preferencesSchema },
    errors: ["unauthorized"],
  },
  handler: async ({ db, user }) => Response.json(await preferencesOf(db, user.id)),
});

// PUT /api/account/notifications – changes some categories' channels
export const setNotificationPreferences = endpoint({
  method: "PUT",
  path: "/account/notifications",
  access: { ...everyone, mutation: "account.notifications" },
  body: { schema: preferencesBodySchema, example: { preferences: { weekly_summary: "none", attention: "email" } } },
  doc: {
    operationId: "setNotificationPreferences",
    summary: "Change how you receive some categories",
    description: "Categories left out keep their choice. Audited.",
    tag,
    success: { status: 200, description: "Your choices now", schema: preferencesSchema },
    errors: change,
  },
  handler: async ({ db, user, audit, body }) => {
    audit.target = Object.entries(body.preferences)
      .map(([category, channel]) => `${category}=${channel}`)
      .join(",");
    return Response.json(await setPreferences(db, user.id, body.preferences));
  },
});

export const notificationEndpoints = [
  listOwnNotifications,
  unreadNotifications,
  markNotificationsRead,
  getNotificationPreferences,
  setNotificationPreferences,
];
