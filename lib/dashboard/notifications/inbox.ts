import "server-only";
import { and, eq, getTableColumns, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { notifications } from "@/lib/db/schema";
import type { Notification, NotificationList, NotificationQuery } from "@/lib/dashboard/contract/notifications-api";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import {
  cappedCount,
  decodeKeyset,
  inRange,
  key,
  keysetAfter,
  keysetOrder,
  keysetPage,
  keysetSelect,
  rangeAndSort,
  type SortKey,
} from "@/lib/dashboard/lists/keyset";

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
  const after = decodeKeyset(query.cursor, sort, sortKeys);
  const [rows, total, unread] = await Promise.all([
    db
      .select({ ...getTableColumns(notifications), sortKeys: keysetSelect(sortKeys) })
      .from(notifications)
      .where(and(matching, after ? keysetAfter(sortKeys, after, sort.descending) : undefined))
      .orderBy(...keysetOrder(sortKeys, sort.descending))
      .limit(query.limit + 1),
    cappedCount(db, { from: notifications, where: matching }),
    unreadCount(db, user.id),
  ]);
  const { page, next_cursor } = keysetPage(rows, query.limit, sort);
  const data = page.map(
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
