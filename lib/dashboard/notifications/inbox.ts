import "server-only";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import type { Notification, NotificationList } from "@/lib/dashboard/contract/notifications-api";

// A user's notifications under the bell (/notifications): newest first, read or unread.

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  db: Db,
  userId: string,
  query: { limit: number; before?: string; unread?: string },
): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        query.before ? lt(notifications.createdAt, new Date(query.before)) : undefined,
        query.unread ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const data = rows.slice(0, query.limit).map(
    (n) =>
      ({
        id: n.id,
        category: n.category as Notification["category"],
        kind: n.kind as Notification["kind"],
        params: n.params,
        link: n.link,
        created_at: n.createdAt.toISOString(),
        read_at: n.readAt?.toISOString() ?? null,
      }) satisfies Notification,
  );
  return { data, unread: await unreadCount(db, userId), has_more: rows.length > query.limit } satisfies NotificationList;
}

/** Marks the user's notifications read (these ids, or all); returns the unread count after. */
export async function markRead(db: Db, userId: string, which: { ids: string[] } | { all: true }): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        "ids" in which ? inArray(notifications.id, which.ids) : undefined,
      ),
    );
  return unreadCount(db, userId);
}
