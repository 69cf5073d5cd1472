import "server-only";
import { and, gte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { requestLogs } from "@/lib/db/schema";
import { ownedBy } from "./list-logs";
import type { LogViewer } from "./viewer";

/** The viewer's calls since `since` and how many of them failed (status 400 and above): the overview's error rate. */
export async function requestCounts(db: Db, viewer: LogViewer, since: Date): Promise<{ failed: number; total: number }> {
  const parts = await Promise.all(
    ownedBy(viewer, null).map((owned) =>
      db
        .select({
          failed: sql<number>`count(*) FILTER (WHERE ${requestLogs.status} >= 400)::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(requestLogs)
        .where(and(owned, gte(requestLogs.createdAt, since))),
    ),
  );
  return parts.flat().reduce((sum, part) => ({ failed: sum.failed + part.failed, total: sum.total + part.total }), { failed: 0, total: 0 });
}
