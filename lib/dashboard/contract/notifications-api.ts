import * as z from "zod/mini";
import { rangeAndSortQuery, sortColumns, totalFields } from "./lists-api";

// The dashboard API's notifications (/api/notifications, /api/account/notifications): what a
// user was told, and how they choose to be told each category.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

/** What a user can be notified of. */
export const notificationCategories = ["attention", "webhooks", "forwarding", "reconciliation", "weekly_summary"] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
/** email: mailed (at most one mail per 15 minutes and category) and under the bell; in_app: the bell only. */
export const notificationChannels = ["email", "in_app", "none"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** Every kind of notification, the name of its message under `notifications.kinds`. */
export const notificationKinds = [
  "attention_identification_overdue",
  "attention_payout_unclaimed",
  "attention_unconfirmed",
  "attention_webhook_missing",
  "webhooks_silent",
  "webhooks_rejected",
  "forwarding_failing",
  "forwarding_disabled",
  "reconciliation_difference",
  "weekly_summary",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: uuid,
  category: z.enum(notificationCategories),
  kind: z.enum(notificationKinds),
  /** The message's arguments (an exchange's short id, an endpoint's URL, amounts as strings). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The dashboard page concerned (a path). */
  link: z.string(),
  created_at: isoTimestamp,
  read_at: z.nullable(isoTimestamp),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.int().check(z.meta({ description: "The user's unread notifications in all" })),
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()).check(z.meta({ description: "The `cursor` of the next page; null on the last" })),
  ...totalFields,
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  before: z
    .optional(isoTimestamp.check(z.refine((v) => !Number.isNaN(Date.parse(v)), "An ISO timestamp")))
    .check(z.meta({ description: "Only those made before this instant (newest first)" })),
  cursor: z.nullish(z.string().check(z.maxLength(200))).check(z.meta({ description: "`next_cursor` of the previous page" })),
  unread: z.optional(z.enum(["1", "true"])),
  ...rangeAndSortQuery(sortColumns.notifications),
});
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const unreadCountSchema = z.object({ unread: z.int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markReadBodySchema = z.union([
  z.strictObject({
    ids: z.array(z.string().check(z.regex(/^[0-9a-f-]{36}$/i, "A notification id"))).check(z.minLength(1), z.maxLength(100)),
  }),
  z.strictObject({ all: z.literal(true) }),
]);

const channel = z.enum(notificationChannels);
export const preferencesSchema = z.object({
  preferences: z.object({ attention: channel, webhooks: channel, forwarding: channel, reconciliation: channel, weekly_summary: channel }),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesBodySchema = z.strictObject({
  preferences: z.partialRecord(z.enum(notificationCategories), z.enum(notificationChannels, { error: "email, in_app or none" })),
});
