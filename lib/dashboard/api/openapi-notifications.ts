import {
  markReadBodySchema,
  notificationListSchema,
  notificationQuerySchema,
  preferencesBodySchema,
  preferencesSchema,
  unreadCountSchema,
} from "@/lib/dashboard/contract/notifications-api";
import {
  accountLinkSchema,
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  passwordSetSchema,
  setPasswordBodySchema,
  unsubscribedSchema,
  unsubscribeFormSchema,
} from "@/lib/dashboard/contract/account-links-api";
import { consoleMailDetailSchema, consoleMailListSchema } from "@/lib/dashboard/contract/console-api";
import { timeZoneBodySchema, timeZoneSchema } from "@/lib/dashboard/contract/settings-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of reaching people: a user's notifications and their choices, the mailed
// one-time links (invitations, password resets) and unsubscribe links, which work without a
// session, the console's Mail tab, and the tenant's time zone.

const read = ["unauthorized"] satisfies ErrorCode[];
const change = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const publicChange = ["invalid_request", "payload_too_large", "unsupported_media_type", "rate_limited"] satisfies ErrorCode[];
const op =
  (tag: string) =>
  (o: Omit<Operation, "tag">): Operation => ({ ...o, tag });
const notificationsOp = op("notifications");
const publicOp = (o: Omit<Operation, "tag" | "security">): Operation => ({ ...o, tag: "sign-in", security: [] });

export const notificationOperations: Operation[] = [
  notificationsOp({
    method: "get",
    path: "/notifications",
    operationId: "listNotifications",
    summary: "Your notifications",
    description: "Newest first, 50 at a time (`before` pages on), or only the unread ones. Each is made once per exchange and reason.",
    query: notificationQuerySchema,
    success: { status: 200, description: "A page of notifications and the unread count", schema: notificationListSchema },
    errors: [...read, "invalid_request"],
  }),
  notificationsOp({
    method: "get",
    path: "/notifications/unread",
    operationId: "unreadNotifications",
    summary: "How many of your notifications are unread",
    description: "The bell's count; the live stream (GET /events) sends `event: notification` when a new one arrives.",
    success: { status: 200, description: "The unread count", schema: unreadCountSchema },
    errors: read,
  }),
  notificationsOp({
    method: "post",
    path: "/notifications/read",
    operationId: "markNotificationsRead",
    summary: "Mark notifications read",
    description: "These ids, or `{all: true}`. Not audited; refused from another origin.",
    body: { schema: markReadBodySchema, example: { all: true } },
    success: { status: 200, description: "The unread count after", schema: unreadCountSchema },
    errors: change,
  }),
  notificationsOp({
    method: "get",
    path: "/account/notifications",
    operationId: "getNotificationPreferences",
    summary: "How you receive each category",
    description:
      "Per category: `email` (a mail at most every 15 minutes, with everything in between, and the bell), `in_app` (the bell) or `none`.",
    success: { status: 200, description: "Your choices", schema: preferencesSchema },
    errors: read,
  }),
  notificationsOp({
    method: "put",
    path: "/account/notifications",
    operationId: "setNotificationPreferences",
    summary: "Change how you receive some categories",
    description: "Categories left out keep their choice. Audited.",
    body: { schema: preferencesBodySchema, example: { preferences: { weekly_summary: "none", attention: "email" } } },
    success: { status: 200, description: "Your choices now", schema: preferencesSchema },
    errors: change,
  }),
  publicOp({
    method: "get",
    path: "/account-links/{token}",
    operationId: "getAccountLink",
    summary: "An invitation's or password reset's link (public)",
    description: "Whose link it is and until when it works; 404 once used, expired or replaced by a newer one.",
    pathParams: { token: "The 43-character token of the mailed link" },
    success: { status: 200, description: "The link", schema: accountLinkSchema },
    errors: ["not_found", "rate_limited"],
  }),
  publicOp({
    method: "post",
    path: "/account-links/{token}",
    operationId: "useAccountLink",
    summary: "Set a password with a mailed link (public)",
    description: "Works once. Every session of the user ends and a sign-in lock lifts; they then sign in with the new password.",
    pathParams: { token: "The 43-character token of the mailed link" },
    body: { schema: setPasswordBodySchema, example: { password: "a long new password" } },
    success: { status: 200, description: "The password is set", schema: passwordSetSchema },
    errors: [...publicChange, "not_found"],
  }),
  publicOp({
    method: "post",
    path: "/password-resets",
    operationId: "requestPasswordReset",
    summary: "Forgot your password? (public)",
    description:
      "Mails a one-time link (30 minutes) if the address has an account. The answer is the same whether or not it has; " +
      "the request counts against the sign-in limits of the account and of the address.",
    body: { schema: passwordResetRequestSchema, example: { email: "someone@example.com" } },
    success: { status: 202, description: "Accepted", schema: passwordResetAcceptedSchema },
    errors: publicChange,
  }),
  publicOp({
    method: "post",
    path: "/unsubscribe/{token}",
    operationId: "unsubscribe",
    summary: "Stop one category of notification mail (public)",
    description:
      "The target of a mail's `List-Unsubscribe` header (RFC 8058 one-click: body `List-Unsubscribe=One-Click`) and of the " +
      "unsubscribe page's button (`from=page`, answered 303 back to the page). Sets the category to `none`.",
    pathParams: { token: "The signed token of the mail's unsubscribe link" },
    body: { schema: unsubscribeFormSchema, contentType: "application/x-www-form-urlencoded", example: { "List-Unsubscribe": "One-Click" } },
    success: { status: 200, description: "The category turned off", schema: unsubscribedSchema },
    errors: ["not_found", "rate_limited"],
  }),
  op("operator console")({
    method: "get",
    path: "/operator/mail",
    operationId: "listMail",
    summary: "The latest 100 mails",
    description: "Sent, queued, failed, or kept here when no SMTP server is configured (SMTP_URL), as a mail catcher would (operators).",
    success: { status: 200, description: "The mails", schema: consoleMailListSchema },
    errors: ["unauthorized", "forbidden"],
  }),
  op("operator console")({
    method: "get",
    path: "/operator/mail/{id}",
    operationId: "getMail",
    summary: "One mail whole",
    description: "Its plain-text and HTML parts and its extra headers (operators).",
    pathParams: { id: "Mail UUID" },
    success: { status: 200, description: "The mail", schema: consoleMailDetailSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  }),
  op("settings")({
    method: "get",
    path: "/settings/time-zone",
    operationId: "getTimeZone",
    summary: "The time zone of reports",
    description: "Reports, statements and the weekly summary count days and months in it.",
    success: { status: 200, description: "The time zone", schema: timeZoneSchema },
    errors: ["unauthorized", "forbidden"],
  }),
  op("settings")({
    method: "put",
    path: "/settings/time-zone",
    operationId: "setTimeZone",
    summary: "Change the time zone of reports",
    description: "An IANA name (Europe/Zurich); every report is counted in it from now on. Audited.",
    body: { schema: timeZoneBodySchema, example: { time_zone: "Europe/Paris" } },
    success: { status: 200, description: "The time zone now", schema: timeZoneSchema },
    errors: change,
  }),
];
