import "server-only";
import { routeOf } from "./route-of";
import { env } from "@/lib/env";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/availability";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { maskBody, maskHeaders, maskQuery, NOT_JSON, parseJson, storable } from "./mask";
import { BODY_LIMIT_BYTES } from "./limits";
import { clientKeyOf } from "./client-key";

// Recording a request log row off the hot path: the caller hands over what it sent and got once
// the answer is made, and returns at once; the row is masked here and inserted with the others
// that arrived meanwhile, one INSERT per batch, at most one per LINGER_MS (the queue at the end of this file). A
// row that cannot be written is dropped with a warning: the log must never fail or slow a request.
// What it costs is measured in npm run bench (section 9), logging on against off: each body is
// parsed once, and a batch goes to the database as one JSON parameter of one statement.

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
  /** The service's error code; undefined: the `error` of the response's JSON body, if it failed. */
  errorCode?: string | null;
  durationMs: number;
  requestId: string | null;
  correlationId: string | null;
  userAgent: string | null;
  sourceAddress: string | null;
  requestHeaders: Headers | Record<string, string>;
  responseHeaders: Headers | Record<string, string>;
  requestBody: string | null;
  responseBody: string | null;
  /** The response body's JSON value, when the recorder has it (the sandbox's own answers): not parsed again. */
  responseJson?: unknown;
  /** The body was longer than what was read of it (readBody). */
  requestBodyCut?: boolean;
  responseBodyCut?: boolean;
  createdAt: Date;
};

/** A row as the INSERT takes it: the table's columns by their names, but its id. */
export type StoredRow = {
  created_at: string;
  source: "upstream" | "sandbox";
  tenant_id: string | null;
  client_key: string | null;
  dashboard_request_id: string | null;
  user_id: string | null;
  api_key_id: string | null;
  method: string;
  path: string;
  route: string;
  query: string | null;
  status: number;
  error_code: string | null;
  duration_ms: number;
  request_id: string | null;
  correlation_id: string | null;
  user_agent: string | null;
  source_address: string | null;
  request_headers: Record<string, string>;
  response_headers: Record<string, string>;
  request_body: string | null;
  request_body_cut: boolean;
  response_body: string | null;
  response_body_cut: boolean;
  exchange_id: string | null;
  order_id: string | null;
};
/**
 * What a batch written tells its listeners (the dashboard's live stream): who may see its rows,
 * an owner (a tenant, or a sandbox client) at a time, with the newest id and how many rows it got.
 */
export type WrittenRows = { tenantId: string | null; clientKey: string | null; id: number; count: number };
const writtenRowsSchema = z.array(
  z.object({
    tenantId: z.string().nullable(),
    clientKey: z.string().nullable(),
    id: z.coerce.number().int(),
    count: z.coerce.number().int(),
  }),
);

const listeners = processSingleton("request-log-listeners", () => new Set<(written: WrittenRows[]) => void>());

/** Called with the owners of every batch this process wrote. */
export function onRequestLogsWritten(fn: (written: WrittenRows[]) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

/** The exchange and order a call concerns: named by its path, else by its answer's (or request's) JSON body. */
function relatedIds(path: string, bodies: unknown[]): { exchange_id: string | null; order_id: string | null } {
  const inPath = /\/v1\/(exchanges|orders)\/([^/?]+)/.exec(path);
  let exchangeId = inPath?.[1] === "exchanges" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  let orderId = inPath?.[1] === "orders" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  for (const body of bodies) {
    const fields = objectOf(body);
    if (!fields || (exchangeId && orderId)) continue;
    if (!orderId && isUuid(fields.order_id)) orderId = fields.order_id.toLowerCase();
    if (!exchangeId && isUuid(fields.exchange_id)) exchangeId = fields.exchange_id.toLowerCase();
    if (isUuid(fields.id) && /\/v1\/orders\/?$/.test(path)) orderId ??= fields.id.toLowerCase();
  }
  return { exchange_id: exchangeId, order_id: orderId };
}

/** The `error` of a failed call's JSON body, or null. */
function errorOf(status: number, body: unknown): string | null {
  const code = status >= 400 ? objectOf(body)?.error : undefined;
  return typeof code === "string" ? code.slice(0, 100) : null;
}

const text = (value: string | null | undefined, max = 500) => (value ? storable(value).slice(0, max) : null);

export function toRow(entry: RequestLogEntry): StoredRow {
  const requestJson = parseJson(entry.requestBody);
  const responseJson = entry.responseJson !== undefined && entry.responseBody !== null ? entry.responseJson : parseJson(entry.responseBody);
  const request = maskBody(entry.requestBody, entry.requestBodyCut, requestJson);
  const response = maskBody(entry.responseBody, entry.responseBodyCut, responseJson);
  const errorCode = entry.errorCode === undefined ? errorOf(entry.status, responseJson) : entry.errorCode;
  return {
    created_at: entry.createdAt.toISOString(),
    source: entry.source,
    tenant_id: entry.tenantId ?? null,
    client_key: entry.clientId ? clientKeyOf(entry.clientId) : null,
    dashboard_request_id: text(entry.dashboardRequestId, 200),
    user_id: entry.userId ?? null,
    api_key_id: entry.apiKeyId ?? null,
    method: storable(entry.method).slice(0, 20),
    path: storable(entry.path).slice(0, 2000),
    route: storable(routeOf(entry.path)).slice(0, 500),
    query: text(maskQuery(entry.query), 2000),
    status: entry.status,
    error_code: text(errorCode, 100),
    duration_ms: Math.max(0, Math.round(entry.durationMs)),
    request_id: text(entry.requestId, 200),
    correlation_id: text(entry.correlationId, 200),
    user_agent: text(entry.userAgent),
    source_address: text(entry.sourceAddress, 100),
    request_headers: maskHeaders(entry.requestHeaders),
    response_headers: maskHeaders(entry.responseHeaders),
    request_body: request.body,
    request_body_cut: request.cut,
    response_body: response.body,
    response_body_cut: response.cut,
    ...relatedIds(
      entry.path,
      [responseJson, requestJson].filter((body) => body !== NOT_JSON),
    ),
  };
}

/** The columns a row names (StoredRow's keys), in the order the INSERT lists them. */
export const STORED_COLUMNS = [
  "created_at",
  "source",
  "tenant_id",
  "client_key",
  "dashboard_request_id",
  "user_id",
  "api_key_id",
  "method",
  "path",
  "route",
  "query",
  "status",
  "error_code",
  "duration_ms",
  "request_id",
  "correlation_id",
  "user_agent",
  "source_address",
  "request_headers",
  "response_headers",
  "request_body",
  "request_body_cut",
  "response_body",
  "response_body_cut",
  "exchange_id",
  "order_id",
] as const satisfies readonly (keyof StoredRow)[];

const columns = sql.raw(STORED_COLUMNS.map((name) => `"${name}"`).join(", "));

/** Writes begin at most this often: under load, each carries the rows of this long. */
const LINGER_MS = 100;
/** The most rows one INSERT takes; a queue this long is written at once. */
const MAX_BATCH = 500;
/** The most calls waiting to be written (a database that does not answer): past it, new ones are dropped. */
const MAX_QUEUED = 20_000;

// One statement whatever the batch's size: the rows go as one JSON array, which the database
// turns back into rows of the table (json_populate_recordset), so no SQL is built per row. It
// answers a line per owner, not per row.
async function insertRows(db: Db, rows: string[]): Promise<WrittenRows[]> {
  const result = (await db.execute(sql`
    WITH written AS (
      INSERT INTO request_logs (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::request_logs, ${`[${rows.join(",")}]`}::json)
      RETURNING id, tenant_id, client_key
    )
    SELECT tenant_id AS "tenantId", client_key AS "clientKey", max(id) AS id, count(*) AS count
    FROM written GROUP BY tenant_id, client_key`)) as unknown as { rows: unknown };
  return writtenRowsSchema.parse(result.rows);
}

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

/** Whether calls are recorded at all (REQUEST_LOG=off: not, for benchmarks). */
export const recording = () => env().requestLog;

// Per process: the calls handed over and not yet written. A request only appends its call here.
// Once the request's turn of the event loop is over, the calls of that turn are made into rows,
// each as its JSON text (so that nothing of the request, its headers or its bodies, is kept
// alive for the garbage collector to move), and the rows waiting are written together, at most
// one write per LINGER_MS: no timer, no promise and no statement per request.
const queue = processSingleton("request-log-queue", () => ({
  /** Calls of this turn, not yet made into rows. */
  handed: [] as RequestLogEntry[],
  making: false,
  /** Calls whose bodies are still being read. */
  reading: new Set<Promise<void>>(),
  /** Rows, as JSON, waiting to be written. */
  rows: [] as string[],
  timer: null as NodeJS.Timeout | null,
  /** When the last write began (ms since the epoch). */
  lastStarted: 0,
  /** The writer at work, until no row waits. */
  writing: null as Promise<void> | null,
  dropped: 0,
}));

/**
 * Records one call, later: `entry` may be a promise (the bodies still being read). Never throws,
 * never waits; drainRequestLogs waits for what was handed over.
 */
export function recordRequest(entry: RequestLogEntry | Promise<RequestLogEntry>): void {
  if (!recording()) return;
  if (!(entry instanceof Promise)) return hand(entry);
  const read = entry.then(hand, (error: unknown) => log.warn({ err: errorText(error) }, "a request log row could not be made"));
  queue.reading.add(read);
  void read.finally(() => queue.reading.delete(read));
}

function hand(entry: RequestLogEntry): void {
  if (queue.handed.length + queue.rows.length >= MAX_QUEUED) {
    if (queue.dropped++ % 1_000 === 0) log.warn({ dropped: queue.dropped }, "request log rows dropped: the queue is full");
    return;
  }
  queue.handed.push(entry);
  if (!queue.making) {
    queue.making = true;
    setImmediate(makeRows);
  }
}

function makeRows(): void {
  queue.making = false;
  for (const entry of queue.handed.splice(0)) {
    try {
      queue.rows.push(JSON.stringify(toRow(entry)));
    } catch (error) {
      log.warn({ err: errorText(error) }, "a request log row could not be made");
    }
  }
  schedule();
}

/**
 * Starts the next write when it is due: at once after a quiet spell (a call made alone is in the
 * log within milliseconds, before a page opened right after it reads the log), else LINGER_MS
 * after the last write began, so that under load a write carries every row of LINGER_MS.
 */
function schedule(): void {
  if (queue.writing || queue.timer || queue.rows.length === 0) return;
  const wait = queue.rows.length >= MAX_BATCH ? 0 : queue.lastStarted + LINGER_MS - Date.now();
  if (wait <= 0) void startWriting();
  else queue.timer = setTimeout(startWriting, wait);
}

function startWriting(): Promise<void> {
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = null;
  queue.writing ??= writeQueued()
    .catch((error: unknown) => log.warn({ err: errorText(error) }, "request log rows could not be written"))
    .finally(() => {
      queue.writing = null;
      schedule();
    });
  return queue.writing;
}

// One batch per linger: rows made while it is written wait for the next (unless a full batch is waiting).
async function writeQueued(): Promise<void> {
  queue.lastStarted = Date.now();
  do await writeRows(queue.rows.splice(0, MAX_BATCH));
  while (queue.rows.length >= MAX_BATCH);
}

/**
 * Writes a batch; one the database refuses is tried row by row, so that a bad row is dropped alone.
 * A database out of reach drops the batch with one warning (each row would fail alike).
 */
async function writeRows(rows: string[]): Promise<void> {
  const dropped = (error: unknown, count: number) =>
    log.warn(
      { err: errorText(error), rows: count },
      count === 1 ? "a request log row could not be written" : "request log rows could not be written",
    );
  try {
    const db = await getDb();
    const attempt = async (batch: string[]) => {
      const written = await insertRows(db, batch);
      for (const fn of listeners) fn(written);
    };
    try {
      await attempt(rows);
    } catch (error) {
      if (rows.length === 1 || isDatabaseUnavailable(error)) return dropped(error, rows.length);
      for (const row of rows) await attempt([row]).catch((err: unknown) => dropped(err, 1));
    }
  } catch (error) {
    dropped(error, rows.length);
  }
}

/** Writes what was handed over so far (or drops it), waiting until `deadline` (ms since the epoch) at most. */
export async function drainRequestLogs(deadline = Date.now() + 5_000): Promise<void> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
  const drained = (async () => {
    await Promise.all([...queue.reading]);
    makeRows();
    while (queue.rows.length > 0 || queue.writing) await (queue.writing ?? startWriting());
  })();
  await Promise.race([drained, timeout]);
}
