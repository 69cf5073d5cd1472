import "server-only";
import { and, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { requestLogs } from "@/lib/db/schema";
import type { RequestLogErrorGroup, RequestLogErrors, RequestLogErrorsQuery } from "@/lib/dashboard/contract/request-logs-api";
import { ownedBy } from "./list-logs";
import type { LogViewer } from "./viewer";

// GET /api/request-logs/errors: the failed calls (status ≥ 400) of the last 24 hours or 7 days,
// grouped by error code × method × route and counted per hour or day for a sparkline. Each key of
// the viewer is read over the window by its (key, created_at) index, grouped in the database;
// the buckets are folded into groups here.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_GROUPS = 100;

/** The window's first bucket and its length: 24 whole hours or 7 whole UTC days, the current one last. */
export function windowOf(window: RequestLogErrorsQuery["window"], now = Date.now()) {
  const size = window === "24h" ? HOUR_MS : DAY_MS;
  const buckets = window === "24h" ? 24 : 7;
  const start = new Date(Math.floor(now / size) * size - (buckets - 1) * size);
  return { start, size, buckets, bucket: window === "24h" ? ("hour" as const) : ("day" as const) };
}

type Part = {
  errorCode: string | null;
  method: string;
  route: string;
  bucket: number;
  count: number;
  first: Date;
  last: Date;
  latestId: number;
};

export async function requestLogErrors(
  db: Db,
  viewer: LogViewer,
  query: RequestLogErrorsQuery,
  now = Date.now(),
): Promise<RequestLogErrors> {
  const { start, size, buckets, bucket } = windowOf(query.window, now);
  const inWindow = gte(requestLogs.createdAt, start);
  const owned = ownedBy(viewer, query.source);
  const since = start.toISOString();
  const bucketOf = sql<number>`floor(extract(epoch FROM ${requestLogs.createdAt} - ${since}::timestamptz) * 1000 / ${size})::int`;
  const grouped = (where: SQL) =>
    db
      .select({
        errorCode: requestLogs.errorCode,
        method: requestLogs.method,
        route: requestLogs.route,
        bucket: bucketOf,
        count: sql<number>`count(*)::int`,
        first: sql<Date>`min(${requestLogs.createdAt})`.mapWith(requestLogs.createdAt),
        last: sql<Date>`max(${requestLogs.createdAt})`.mapWith(requestLogs.createdAt),
        latestId: sql<number>`max(${requestLogs.id})::bigint`,
      })
      .from(requestLogs)
      .where(and(where, inWindow, gte(requestLogs.status, 400)))
      // by position: the bucket's expression carries parameters, which GROUP BY would not match again
      .groupBy(sql.raw("1, 2, 3, 4"));
  const counted = (where: SQL) =>
    db
      .select({ total: sql<number>`count(*)::int`, failed: sql<number>`count(*) FILTER (WHERE ${requestLogs.status} >= 400)::int` })
      .from(requestLogs)
      .where(and(where, inWindow));
  const [parts, totals] = await Promise.all([
    Promise.all(owned.map(grouped)).then((all) => all.flat() as Part[]),
    Promise.all(owned.map(counted)).then((all) => all.flat()),
  ]);

  const groups = new Map<string, RequestLogErrorGroup>();
  for (const part of parts) {
    const key = JSON.stringify([part.errorCode, part.method, part.route]);
    const group = groups.get(key) ?? {
      error_code: part.errorCode,
      method: part.method,
      route: part.route,
      status: 0,
      count: 0,
      first_seen: part.first.toISOString(),
      last_seen: part.last.toISOString(),
      buckets: Array.from({ length: buckets }, () => 0),
      latest_id: 0,
    };
    group.count += part.count;
    const index = Math.min(buckets - 1, Math.max(0, part.bucket));
    group.buckets[index] = (group.buckets[index] ?? 0) + part.count;
    if (part.first.toISOString() < group.first_seen) group.first_seen = part.first.toISOString();
    if (part.last.toISOString() > group.last_seen) group.last_seen = part.last.toISOString();
    group.latest_id = Math.max(group.latest_id, Number(part.latestId));
    groups.set(key, group);
  }
  const top = [...groups.values()].sort((a, b) => b.count - a.count || b.latest_id - a.latest_id).slice(0, MAX_GROUPS);
  // each group's status is its latest example's: one read by primary key
  const latest = top.length
    ? await db
        .select({ id: requestLogs.id, status: requestLogs.status })
        .from(requestLogs)
        .where(
          inArray(
            requestLogs.id,
            top.map((g) => g.latest_id),
          ),
        )
    : [];
  const statusOf = new Map(latest.map((row) => [row.id, row.status]));
  for (const group of top) group.status = statusOf.get(group.latest_id) ?? 0;
  return {
    window: query.window,
    bucket_start: start.toISOString(),
    bucket,
    groups: top,
    failed: totals.reduce((n, t) => n + Number(t.failed), 0),
    total: totals.reduce((n, t) => n + Number(t.total), 0),
  } satisfies RequestLogErrors;
}
