// Reaching the affiliate's people: every mail the dashboard sends (kept, and shown on the
// console's Mail tab when no SMTP server is configured), the one-time links of invitations and
// password resets, and the notifications with each user's choice of how to receive them.
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { tenants, users } from "./dashboard";
import { ts } from "./columns";

const ofTenant = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_tenant_id_fkey`, columns: [column], foreignColumns: [tenants.id] }).onDelete("cascade");
const ofUser = (table: string, column: AnyPgColumn, onDelete: "cascade" | "set null" = "cascade") =>
  foreignKey({ name: `${table}_user_id_fkey`, columns: [column], foreignColumns: [users.id] }).onDelete(onDelete);

/** One mail: written whole when queued, sent by a `mail` job (lib/dashboard/mail), or caught when there is no SMTP server. */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id"),
    userId: uuid("user_id"),
    toAddress: text("to_address").notNull(),
    /** invitation | password_reset | notification:<category> */
    category: text("category").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    /** queued | sent | caught (kept, no SMTP server) | failed */
    status: text("status").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The Message-ID the SMTP server accepted. */
    messageId: text("message_id"),
    createdAt: ts("created_at").notNull(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    ofTenant("mail_messages", t.tenantId),
    ofUser("mail_messages", t.userId, "set null"),
    index("mail_messages_created").on(t.createdAt.desc()),
    index("mail_messages_user_category").on(t.userId, t.category, t.createdAt.desc()),
  ],
);

/** A one-time link of an invitation (24 h) or a password reset (30 min), kept as the SHA-256 of its token. */
export const accountLinks = pgTable(
  "account_links",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** invitation | password_reset */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique("account_links_token_hash_key"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [ofUser("account_links", t.userId), index("account_links_user").on(t.userId, t.purpose)],
);

/** How a user receives one category of notifications: email (and the bell), in_app (the bell only) or none. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id").notNull(),
    category: text("category").notNull(),
    channel: text("channel").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ name: "notification_preferences_pkey", columns: [t.userId, t.category] }),
    ofUser("notification_preferences", t.userId),
  ],
);

/**
 * One notification of one user, at most once per key (an exchange and its reason, an endpoint's
 * failure since a time). mail_status: pending until a digest mails it, mailed; null when the
 * user's choice was the bell only.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    userId: uuid("user_id").notNull(),
    category: text("category").notNull(),
    key: text("key").notNull(),
    /** What happened, in no language: the message's name and its arguments. */
    kind: text("kind").notNull(),
    params: jsonb("params").$type<Record<string, string | number>>().notNull(),
    /** The page concerned, a path of the dashboard. */
    link: text("link").notNull(),
    createdAt: ts("created_at").notNull(),
    readAt: ts("read_at"),
    mailStatus: text("mail_status"),
  },
  (t) => [
    ofTenant("notifications", t.tenantId),
    ofUser("notifications", t.userId),
    unique("notifications_user_key").on(t.userId, t.key),
    index("notifications_user_created").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread")
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    index("notifications_mail_pending")
      .on(t.userId, t.category)
      .where(sql`${t.mailStatus} = 'pending'`),
  ],
);
