import "server-only";
import { routeOf } from "./route-of";
import { env } from "@/lib/env";
import { getDb, type Db } from "@/lib/db/client";
import { requestLogs } from "@/lib/db/schema";
import { groupCommitPer } from "@/lib/db/group-commit";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { maskBody, maskHeaders, maskQuery, storable } from "./mask";
import { BODY_LIMIT_BYTES } from "./limits";
import { clientKeyOf } from "./client-key";

// Recording a request log row off the hot path: the caller hands over what it sent and got once
// the answer is made, and returns at once; the row is masked here and inserted with the others
// that arrived meanwhile, one INSERT per batch (group commit, lib/db/group-commit.ts). A row that
// cannot be written is dropped with a warning: the log must never fail or slow a request.

const log = logger("request-log");

/** One call as its recorder saw it, before masking. */
export type RequestLogEntry = {
  source: "upstream" | "sandbox";
  tenantId?: string | null;
  /** The API client's client_id: hashed before it is stored (client-key.ts). */
  clientId?: string | null;
  dashboardRequestId?: string | null;
  userId?: string | null;
  apiKeyId?: string | null;
  method: string;
  path: string;
  /** Without "?". */
  query: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  requestId: string | null;
  correlationId: string | null;
  userAgent: string | null;
  sourceAddress: string | null;
  requestHeaders: Headers | Record<string, string>;
  responseHeaders: Headers | Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  /** The body was longer than what was read of it (readBody). */
  requestBodyCut?: boolean;
  responseBodyCut?: boolean;
  createdAt: Date;
};

type Row = typeof requestLogs.$inferInsert;
/** What a batch written tells its listeners (the dashboard's live stream): who may see each row. */
export type WrittenRow = { id: number; source: "upstream" | "sandbox"; tenantId: string | null; clientKey: string | null };

const listeners = processSingleton("request-log-listeners", () => new Set<(rows: WrittenRow[]) => void>());

/** Called with the rows of every batch this process wrote. */
export function onRequestLogsWritten(fn: (rows: WrittenRow[]) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && new RegExp(`^${UUID.source}$`, "i").test(value);

/** The exchange and order a call concerns: named by its path, else by its answer's (or request's) body. */
function relatedIds(path: string, bodies: (string | null)[]): { exchangeId: string | null; orderId: string | null } {
  const inPath = /\/v1\/(exchanges|orders)\/([^/?]+)/.exec(path);
  let exchangeId = inPath?.[1] === "exchanges" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  let orderId = inPath?.[1] === "orders" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  for (const body of bodies) {
    if (!body || (exchangeId && orderId)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      continue;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) continue;
    const fields = parsed as Record<string, unknown>;
    if (!orderId && isUuid(fields.order_id)) orderId = fields.order_id.toLowerCase();
    if (!exchangeId && isUuid(fields.exchange_id)) exchangeId = fields.exchange_id.toLowerCase();
    if (isUuid(fields.id) && /\/v1\/orders\/?$/.test(path)) orderId ??= fields.id.toLowerCase();
  }
  return { exchangeId, orderId };
}

const text = (value: string | null | undefined, max = 500) => (value ? storable(value).slice(0, max) : null);

export function toRow(entry: RequestLogEntry): Row {
  const request = maskBody(entry.requestBody, entry.requestBodyCut);
  const response = maskBody(entry.responseBody, entry.responseBodyCut);
  return {
    createdAt: entry.createdAt,
    source: entry.source,
    tenantId: entry.tenantId ?? null,
    clientKey: entry.clientId ? clientKeyOf(entry.clientId) : null,
    dashboardRequestId: text(entry.dashboardRequestId, 200),
    userId: entry.userId ?? null,
    apiKeyId: entry.apiKeyId ?? null,
    method: storable(entry.method).slice(0, 20),
    path: storable(entry.path).slice(0, 2000),
    route: storable(routeOf(entry.path)).slice(0, 500),
    query: text(maskQuery(entry.query), 2000),
    status: entry.status,
    errorCode: text(entry.errorCode, 100),
    durationMs: Math.max(0, Math.round(entry.durationMs)),
    requestId: text(entry.requestId, 200),
    correlationId: text(entry.correlationId, 200),
    userAgent: text(entry.userAgent),
    sourceAddress: text(entry.sourceAddress, 100),
    requestHeaders: maskHeaders(entry.requestHeaders),
    responseHeaders: maskHeaders(entry.responseHeaders),
    requestBody: request.body,
    requestBodyCut: request.cut,
    responseBody: response.body,
    responseBodyCut: response.cut,
    ...relatedIds(entry.path, [entry.responseBody, entry.requestBody]),
  };
}

const insertTogether = groupCommitPer(async (db: Db, rows: Row[]): Promise<WrittenRow[]> => {
  const written = await db
    .insert(requestLogs)
    .values(rows)
    .returning({ id: requestLogs.id, source: requestLogs.source, tenantId: requestLogs.tenantId, clientKey: requestLogs.clientKey });
  for (const fn of listeners) fn(written);
  return written;
});

/** Read at most this much of a body: twice what is kept, so that a long JSON body is masked as JSON more often. */
const READ_LIMIT = BODY_LIMIT_BYTES * 2;

/** A body's text as far as READ_LIMIT, and whether there was more; the stream is cancelled past it. */
export async function readBody(body: ReadableStream<Uint8Array> | null): Promise<{ text: string | null; cut: boolean }> {
  if (!body) return { text: null, cut: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > READ_LIMIT) {
      cut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = Buffer.concat(chunks);
  return { text: bytes.subarray(0, READ_LIMIT).toString("utf8"), cut };
}

/** A body already in hand as text, held to the same READ_LIMIT as one read from its stream. */
export function capText(text: string): { text: string; cut: boolean } {
  if (text.length * 3 <= READ_LIMIT) return { text, cut: false };
  const bytes = Buffer.from(text, "utf8");
  if (bytes.byteLength <= READ_LIMIT) return { text, cut: false };
  return { text: bytes.subarray(0, READ_LIMIT).toString("utf8"), cut: true };
}

/** The `error` of an error body, or null. */
export function errorCodeOf(status: number, body: string | null): string | null {
  if (status < 400 || !body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const code = parsed !== null && typeof parsed === "object" ? (parsed as { error?: unknown }).error : undefined;
    return typeof code === "string" ? code.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/** Whether calls are recorded at all (REQUEST_LOG=off: not, for benchmarks). */
export const recording = () => env().requestLog;

/**
 * Records one call, later: `entry` may be a promise (the bodies still being read). Never throws,
 * never waits; the returned promise (for tests and drains) settles once the row is written or dropped.
 */
export function recordRequest(entry: RequestLogEntry | Promise<RequestLogEntry>): Promise<void> {
  if (!recording()) return Promise.resolve();
  const written = (async () => {
    const row = toRow(await entry);
    await insertTogether(await getDb(), row);
  })().catch((error: unknown) => {
    log.warn({ err: errorText(error) }, "a request log row could not be written");
  });
  pending.add(written);
  void written.finally(() => pending.delete(written));
  return written;
}

// Per process: the rows handed over and not yet written, which a drain waits for.
const pending = processSingleton("request-log-pending", () => new Set<Promise<void>>());

/** Waits for the rows handed over so far to be written (or dropped), until `deadline` (ms since the epoch). */
export async function drainRequestLogs(deadline = Date.now() + 5_000): Promise<void> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
  await Promise.race([Promise.all([...pending]), timeout]);
}
