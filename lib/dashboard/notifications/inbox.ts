import "server-only";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import type { Notification, NotificationList, NotificationQuery } from "@/lib/dashboard/contract/notifications-api";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { cappedCount, inRange, key, keysetRows, rangeAndSort, type SortKey } from "@/lib/dashboard/lists/keyset";

// A user's notifications under the bell (/notifications): newest first, read or unread.

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

const sortKeys: SortKey[] = [key(notifications.createdAt, "timestamptz"), key(notifications.id, "uuid")];

export async function listNotifications(
  db: Db,
  user: { id: string; timeZone: string },
  query: Pick<NotificationQuery, "limit"> & Partial<NotificationQuery>,
): Promise<NotificationList> {
  const { range, sort } = rangeAndSort(query, sortColumns.notifications, user.timeZone);
  const matching = and(
    eq(notifications.userId, user.id),
    query.before ? lt(notifications.createdAt, new Date(query.before)) : undefined,
    query.unread ? isNull(notifications.readAt) : undefined,
    inRange(notifications.createdAt, range),
  );
  const [{ rows, next_cursor }, total, unread] = await Promise.all([
    keysetRows(db, { from: notifications, where: matching, keys: sortKeys, sort, cursor: query.cursor, limit: query.limit }),
    cappedCount(db, { from: notifications, where: matching }),
    unreadCount(db, user.id),
  ]);
  const data = rows.map(
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
  return { data, unread, has_more: next_cursor !== null, next_cursor, ...total } satisfies NotificationList;
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
