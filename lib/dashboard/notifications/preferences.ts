import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { notificationPreferences, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { isLocale } from "@/i18n/config";
import {
  notificationCategories,
  type NotificationCategory,
  type NotificationChannel,
  type Preferences,
} from "@/lib/dashboard/contract/notifications-api";

/** Until someone chooses, every category is mailed (staff do not sit in front of the dashboard). */
export const DEFAULT_CHANNEL: NotificationChannel = "email";

/** The SQL of a user's channel for a category, their choice or the default. */
export const channelSql = (userId: unknown, category: unknown) =>
  sql`COALESCE((SELECT p.channel FROM notification_preferences p
    WHERE p.user_id = ${userId} AND p.category = ${category}), ${DEFAULT_CHANNEL})`;

export async function preferencesOf(db: Db, userId: string): Promise<Preferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.category, r.channel as NotificationChannel]));
  return {
    preferences: Object.fromEntries(notificationCategories.map((c) => [c, chosen.get(c) ?? DEFAULT_CHANNEL])) as Preferences["preferences"],
  };
}

export async function setPreferences(
  db: Db,
  userId: string,
  changes: Partial<Record<NotificationCategory, NotificationChannel>>,
): Promise<Preferences> {
  const now = new Date();
  for (const [category, channel] of Object.entries(changes)) {
    await db
      .insert(notificationPreferences)
      .values({ userId, category, channel, updatedAt: now })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.category], set: { channel, updatedAt: now } });
  }
  return preferencesOf(db, userId);
}

export async function setUserLocale(db: Db, userId: string, locale: string): Promise<void> {
  if (isLocale(locale)) await db.update(users).set({ locale }).where(eq(users.id, userId));
}

// ---- unsubscribe links: work without signing in, for one user and one category ----

const mac = (payload: string) => createHmac("sha256", env().secrets.AUTH_SECRET).update(`unsubscribe:${payload}`).digest("base64url");

/** A token naming a user and a category, signed with AUTH_SECRET: it never expires and does one thing. */
export function unsubscribeToken(userId: string, category: NotificationCategory): string {
  const payload = `${userId}.${category}`;
  return `${Buffer.from(payload).toString("base64url")}.${mac(payload)}`;
}

export function readUnsubscribeToken(token: string): { userId: string; category: NotificationCategory } | null {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature || token.split(".").length !== 2) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, category] = payload.split(".");
  if (!userId || !/^[0-9a-f-]{36}$/.test(userId)) return null;
  if (!(notificationCategories as readonly string[]).includes(category ?? "")) return null;
  return { userId, category: category as NotificationCategory };
}

/** Turns the category off for the token's user; the category, or null for a token that is not ours. */
export async function unsubscribe(db: Db, token: string): Promise<{ category: NotificationCategory; email: string } | null> {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, read.userId));
  if (!user) return null;
  await setPreferences(db, read.userId, { [read.category]: "none" });
  return { category: read.category, email: user.email };
}
