import { call } from "./client.mjs";
import { UsageError } from "./errors.mjs";
import { followStream } from "./follow-stream.mjs";
import { clock, colours, line, parseVisible, statusColour } from "./output.mjs";
import { requestLogFrameSchema, requestLogPageSchema } from "./schemas.mjs";

// `logs tail`: the tenant's request log as it grows. The stream says that rows were written
// (`event: request_log`, with the newest id); the rows themselves, filtered, come from
// GET /api/request-logs, newer than the last one printed. The key needs the logs scope.

/** @param {{ status?: string, path?: string, method?: string, source?: string }} options */
export function logQuery(options) {
  const query = new URLSearchParams({ limit: "100" });
  if (options.status) {
    if (!/^([1-5]xx|[1-5]\d\d)$/.test(options.status))
      throw new UsageError(`--status ${options.status}: give a class (4xx) or a status (500)`);
    query.set("status", options.status.endsWith("xx") ? options.status : `${options.status[0]}xx`);
  }
  if (options.path) query.set("path", options.path);
  if (options.method) query.set("method", options.method.toUpperCase());
  // the page's sources: "Dashboard" and "Your integration"
  if (options.source) query.set("source", options.source);
  return query;
}

/**
 * @param {import("./client.mjs").Connection} connection
 * @param {{ status?: string, path?: string, method?: string, source?: string, json: boolean }} options
 */
export async function logsTail(connection, options) {
  const query = logQuery(options);
  // a single status (500) is asked for as its class and narrowed here
  const exact = options.status && !options.status.endsWith("xx") ? Number(options.status) : null;
  const c = colours();
  const stop = new AbortController();
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.once(signal, () => stop.abort());
  const newest = await call(connection, "GET", "/api/request-logs?limit=1", { schema: requestLogPageSchema });
  const after = newest.data[0]?.id ?? 0;
  // rows of separate batches may commit out of id order: each row is printed once, by its id
  const printed = new Set();
  line(options.json, { ready: true, after }, c.green(`Following the request log of ${connection.url} (Ctrl-C ends)`));
  await followStream(connection, {
    signal: stop.signal,
    resumeAfter: () => null,
    onFrame: async (frame) => {
      if (frame.event !== "request_log") return;
      requestLogFrameSchema.parse(parseVisible(frame.data));
      const page = await call(connection, "GET", `/api/request-logs?${query}`, { schema: requestLogPageSchema });
      const fresh = page.data.filter((row) => row.id > after && !printed.has(row.id)).sort((a, b) => a.id - b.id);
      if (printed.size > 10_000) printed.clear();
      for (const row of fresh) {
        printed.add(row.id);
        if (exact !== null && row.status !== exact) continue;
        const path = row.query ? `${row.path}?${row.query}` : row.path;
        line(
          options.json,
          row,
          [
            clock(new Date(row.created_at)),
            `${row.method.padEnd(6)} ${path}`,
            `${statusColour(row.status)(String(row.status))}${row.error_code ? ` ${row.error_code}` : ""}`,
            `${row.duration_ms} ms`,
            c.dim(`${row.source} #${row.id}`),
          ].join("  "),
        );
      }
    },
  });
}
