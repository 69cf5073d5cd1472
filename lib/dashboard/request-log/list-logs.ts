import "server-only";
import { and, desc, eq, gte, isNotNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { requestLogs } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type {
  OperatorRequestLogQuery,
  RequestLogDetail,
  RequestLogItem,
  RequestLogPage,
  RequestLogQuery,
  RequestLogSource,
} from "@/lib/dashboard/contract/request-logs-api";
import type { LogViewer } from "./viewer";
import { viewerHeaders } from "@/lib/request-log/secret-names";

// GET /api/request-logs and /api/operator/request-logs: newest first (created_at, then id),
// paged by `before` (the id of the previous page's last row, whose time the next page starts
// below). A tenant's rows are of two kinds kept under two keys (its id, its sandbox client's id):
// each is read by its own index of (key, created_at, id) in that order, and the two merged, so
// every page and every time range costs what the first page does (lib/dashboard/list-plans.test.ts).
//
// The sources as the API, the page and the command line name them (`dashboard`, `integration`)
// are stored as the recorders name themselves (`upstream`, `sandbox`): the stored words are mapped
// here, at the edge, rather than rewritten in every row of a large table (docs/request-logs.md).

type Row = typeof requestLogs.$inferSelect;
type StoredSource = Row["source"];

const storedAs: Record<RequestLogSource, StoredSource> = { dashboard: "upstream", integration: "sandbox" };
const spokenAs: Record<StoredSource, RequestLogSource> = { upstream: "dashboard", sandbox: "integration" };

/**
 * The rows each key of the viewer owns: one or two conditions, each served by an index of (key,
 * id). A dashboard call to this app's sandbox names the client it was made with (client_key) as
 * well as its tenant, so that the operator's view of every client holds it: `overlap` allows the
 * parts to share those rows (a list merges by id), else each row is in one part only (counts).
 * (A tenant's `integration` list alone reads its client's index past those rows.)
 */
export function ownedBy(viewer: LogViewer, source: RequestLogSource | null | undefined, overlap = false): SQL[] {
  const ofSource = (which: RequestLogSource) => eq(requestLogs.source, storedAs[which]);
  if (viewer.kind === "operator") {
    // every call to this sandbox: the clients' own (those of no known client too), the dashboards' under theirs
    const ofClient = viewer.clientKey ? eq(requestLogs.clientKey, viewer.clientKey) : undefined;
    if (source === "dashboard") return [and(ofClient ?? isNotNull(requestLogs.clientKey), ofSource("dashboard")) as SQL];
    if (source === "integration") return [ofClient ? (and(ofClient, ofSource("integration")) as SQL) : ofSource("integration")];
    return [ofClient ?? (or(ofSource("integration"), isNotNull(requestLogs.clientKey)) as SQL)];
  }
  const parts: SQL[] = [];
  if (source !== "integration") parts.push(and(eq(requestLogs.tenantId, viewer.tenantId), isNotNull(requestLogs.tenantId)) as SQL);
  if (source !== "dashboard" && viewer.clientKey) {
    const ofClient = and(eq(requestLogs.clientKey, viewer.clientKey), isNotNull(requestLogs.clientKey));
    parts.push((overlap && !source ? ofClient : and(ofClient, ofSource("integration"))) as SQL);
  }
  return parts;
}

const statusRange = { "2xx": 200, "3xx": 300, "4xx": 400, "5xx": 500 } as const;
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// the first instant PostgreSQL's timestamptz takes as we write it (it has no year 0, which ISO 8601 has)
const EARLIEST = Date.parse("0001-01-01T00:00:00Z");
const instant = (text: string) => new Date(Math.max(Date.parse(text), EARLIEST));

function filters(query: RequestLogQuery): SQL[] {
  const out: SQL[] = [];
  if (query.since) out.push(gte(requestLogs.createdAt, instant(query.since)));
  if (query.until) out.push(lt(requestLogs.createdAt, instant(query.until)));
  if (query.status) {
    const low = statusRange[query.status];
    out.push(gte(requestLogs.status, low), lt(requestLogs.status, low + 100));
  }
  if (query.method) out.push(eq(requestLogs.method, query.method));
  if (query.path) out.push(like(requestLogs.path, likePrefix(query.path)));
  if (query.error_code) out.push(eq(requestLogs.errorCode, query.error_code));
  if (query.api_key_id) out.push(eq(requestLogs.apiKeyId, query.api_key_id.toLowerCase()));
  if (query.user_id) out.push(eq(requestLogs.userId, query.user_id.toLowerCase()));
  return out;
}

/** The rows past the previous page's last one (by its time, then id); by id alone once that row is pruned. */
async function pastCursor(db: Db, before: number | null | undefined): Promise<SQL | undefined> {
  if (!before) return undefined;
  const [mark] = await db.select({ createdAt: requestLogs.createdAt }).from(requestLogs).where(eq(requestLogs.id, before));
  if (!mark) return lt(requestLogs.id, before);
  return sql`(${requestLogs.createdAt}, ${requestLogs.id}) < (${mark.createdAt.toISOString()}::timestamptz, ${before}::bigint)`;
}

const newestFirst = (a: { createdAt: Date; id: number }, b: { createdAt: Date; id: number }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

export function logItem(row: Row, viewer: LogViewer): RequestLogItem {
  return {
    id: row.id,
    source: spokenAs[row.source],
    created_at: row.createdAt.toISOString(),
    method: row.method,
    path: row.path,
    route: row.route,
    query: row.query,
    status: row.status,
    error_code: row.errorCode,
    duration_ms: row.durationMs,
    request_id: row.requestId,
    correlation_id: row.correlationId,
    client_key: viewer.kind === "operator" ? row.clientKey : null,
    dashboard_request_id: row.dashboardRequestId,
    user_id: row.userId,
    api_key_id: row.apiKeyId,
    exchange_id: row.exchangeId,
    order_id: row.orderId,
  } satisfies RequestLogItem;
}

// the list's columns: never the bodies and headers, which only the detail reads
const listColumns = {
  id: requestLogs.id,
  source: requestLogs.source,
  createdAt: requestLogs.createdAt,
  method: requestLogs.method,
  path: requestLogs.path,
  route: requestLogs.route,
  query: requestLogs.query,
  status: requestLogs.status,
  errorCode: requestLogs.errorCode,
  durationMs: requestLogs.durationMs,
  requestId: requestLogs.requestId,
  correlationId: requestLogs.correlationId,
  clientKey: requestLogs.clientKey,
  dashboardRequestId: requestLogs.dashboardRequestId,
  userId: requestLogs.userId,
  apiKeyId: requestLogs.apiKeyId,
  exchangeId: requestLogs.exchangeId,
  orderId: requestLogs.orderId,
};

export async function listRequestLogs(
  db: Db,
  viewer: LogViewer,
  query: RequestLogQuery | OperatorRequestLogQuery,
): Promise<RequestLogPage> {
  // the dashboard's own causes (a key, a member) name only its calls
  const source = query.api_key_id || query.user_id ? "dashboard" : query.source;
  const where = [...filters(query), await pastCursor(db, query.before)];
  const parts = await Promise.all(
    ownedBy(viewer, source, true).map((owned) =>
      db
        .select(listColumns)
        .from(requestLogs)
        .where(and(owned, ...where))
        .orderBy(desc(requestLogs.createdAt), desc(requestLogs.id))
        .limit(query.limit + 1),
    ),
  );
  // a row in both parts is taken once: the newest of each part's own newest are the newest of all
  const rows = [...new Map(parts.flat().map((row) => [row.id, row])).values()].sort(newestFirst);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => logItem(row as Row, viewer)),
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  } satisfies RequestLogPage;
}

/** GET /api/request-logs/{id}: a row the viewer owns, else 404. */
export async function requestLogDetail(db: Db, viewer: LogViewer, id: number): Promise<RequestLogDetail> {
  const [row] = await db.select().from(requestLogs).where(eq(requestLogs.id, id));
  const visible =
    row &&
    (viewer.kind === "operator"
      ? row.source === "sandbox" || row.clientKey !== null
      : row.tenantId === viewer.tenantId || (viewer.clientKey !== null && row.source === "sandbox" && row.clientKey === viewer.clientKey));
  if (!row || !visible) throw new ApiError("not_found", "No such request log entry");
  return {
    ...logItem(row, viewer),
    user_agent: row.userAgent,
    source_address: row.sourceAddress,
    // a viewer reads only the headers of a short list that can hold no credential
    request_headers: viewer.bodies ? row.requestHeaders : viewerHeaders(row.requestHeaders),
    response_headers: viewer.bodies ? row.responseHeaders : viewerHeaders(row.responseHeaders),
    request_body: viewer.bodies ? row.requestBody : null,
    request_body_cut: row.requestBodyCut,
    response_body: viewer.bodies ? row.responseBody : null,
    response_body_cut: row.responseBodyCut,
    bodies_hidden: !viewer.bodies,
  } satisfies RequestLogDetail;
}
