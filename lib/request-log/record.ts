import "server-only";
import { getTableColumns, sql } from "drizzle-orm";
import { requestLogs } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { getDb } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { BODY_LIMIT_BYTES } from "./limits";
import { batchWriter, MAX_WAITING } from "./batches";
import { rowText, STORED_COLUMNS, toRow, writtenRowsSchema, type RequestLogEntry, type WrittenRows } from "./row";

export type { RequestLogEntry, WrittenRows } from "./row";

// Recording a request log row off the hot path (docs/request-logs.md#off-the-hot-path): the
// caller hands over what it sent and got once the answer is made, and returns at once. Once the
// request's turn of the event loop is over, the calls of that turn are masked and made into rows
// (row.ts), each as its JSON text (so that nothing of the request, its headers or its bodies, is
// kept alive for the garbage collector to move), and written in batches: one INSERT per batch, at
// most one per 250 ms under load (batches.ts). A row that cannot be written is dropped with a
// warning: the log must never fail or slow a request. What it costs is measured in npm run bench
// (section 9), logging on against off.

const log = logger("request-log");

const listeners = processSingleton("request-log-listeners", () => new Set<(written: WrittenRows[]) => void>());

/** Called with the owners of every batch this process wrote. */
export function onRequestLogsWritten(fn: (written: WrittenRows[]) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
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

const rowsCounted = (outcome: "written" | "dropped", rows: number) => serverRuntime().metrics.requestLogRows.inc({ outcome }, rows);

// Per process: the calls handed over in this turn of the event loop, not yet made into rows. A
// request only appends its call here: no timer, no promise and no statement per request.
const queue = processSingleton("request-log-queue", () => ({
  handed: [] as RequestLogEntry[],
  making: false,
  /** Calls whose bodies are still being read. */
  reading: new Set<Promise<void>>(),
  /** Calls dropped because too many were handed over in one turn. */
  dropped: 0,
}));

const columns = sql.raw(STORED_COLUMNS.map((name) => `"${name}"`).join(", "));

/** Each value of a row (rowText: a JSON array) as its column's type, by its place in the array. */
const typeOf = new Map(Object.values(getTableColumns(requestLogs)).map((column) => [column.name, column.getSQLType()]));
const values = sql.raw(
  STORED_COLUMNS.map((name, i) => {
    const type = typeOf.get(name);
    if (!type) throw new Error(`request_logs has no column ${name}`);
    return type === "jsonb" ? `r -> ${i}` : `(r ->> ${i})::${type}`;
  }).join(", "),
);

// One statement whatever the batch's size: the rows go as one JSON array of arrays, which the
// database turns back into rows of the table, so no SQL is built per row. It answers a line per
// owner, not per row.
async function insertRows(rows: string[]): Promise<WrittenRows[]> {
  const db = await getDb();
  const result = (await db.execute(sql`
    WITH written AS (
      INSERT INTO request_logs (${columns})
      SELECT ${values} FROM jsonb_array_elements(${`[${rows.join(",")}]`}::jsonb) AS r
      RETURNING id, tenant_id, client_key
    )
    SELECT tenant_id AS "tenantId", client_key AS "clientKey", max(id) AS id, count(*) AS count
    FROM written GROUP BY tenant_id, client_key`)) as unknown as { rows: unknown };
  return writtenRowsSchema.parse(result.rows);
}

// Per process: the rows waiting for their batch, and the writes.
const batches = processSingleton("request-log-batches", () =>
  batchWriter({
    open: getDb,
    insert: insertRows,
    written: (written) => {
      rowsCounted(
        "written",
        written.reduce((sum, owner) => sum + owner.count, 0),
      );
      for (const fn of listeners) fn(written);
    },
    dropped: (error, rows) => {
      if (rows > 0) rowsCounted("dropped", rows);
      log.warn(
        { err: errorText(error), rows },
        rows === 1 ? "a request log row could not be written" : "request log rows could not be written",
      );
    },
  }),
);

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
  if (queue.handed.length >= MAX_WAITING) {
    rowsCounted("dropped", 1);
    if (queue.dropped++ % 1_000 === 0) log.warn({ dropped: queue.dropped }, "request log rows dropped: too many calls in one turn");
    return;
  }
  queue.handed.push(entry);
  if (!queue.making) {
    queue.making = true;
    setImmediate(makeRows);
  }
}

/** The calls of this turn, made into rows for their batch. */
function makeRows(): void {
  queue.making = false;
  const rows: string[] = [];
  for (const entry of queue.handed.splice(0)) {
    try {
      rows.push(rowText(toRow(entry)));
    } catch (error) {
      rowsCounted("dropped", 1);
      log.warn({ err: errorText(error) }, "a request log row could not be made");
    }
  }
  batches.add(rows);
}

/** Writes what was handed over so far (or drops it), waiting until `deadline` (ms since the epoch) at most. */
export async function drainRequestLogs(deadline = Date.now() + 5_000): Promise<void> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
  const drained = (async () => {
    await Promise.all([...queue.reading]);
    makeRows();
    await batches.drain();
  })();
  await Promise.race([drained, timeout]);
}
