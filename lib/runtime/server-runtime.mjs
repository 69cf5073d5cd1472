// What the production server (scripts/server.mjs) and the app it serves share in one process:
// the logger, each request's context, the shutdown state and the metrics (defined in
// metrics.mjs). Plain JavaScript, so that scripts/server.mjs loads it as it is; the app imports
// it through Next.js's bundle. Both copies of this module find one state on globalThis
// (lib/process-singleton.ts says why), and pino and prom-client are loaded by Node.js, not
// bundled (next.config.ts), so both copies use one library too.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import pretty from "pino-pretty";
import client from "prom-client";
import { makeMetrics } from "./metrics.mjs";
import { serverSettingsOrDefaults } from "./server-settings.mjs";

const REGISTRY = Symbol.for("exchange-dashboard.process-singletons");
const KEY = "server-runtime";

/** Header names and fields whose values never reach a log. */
export const REDACTED = [
  "password",
  "cookie",
  "authorization",
  "secret",
  "token",
  "signature",
  "body",
  "raw_body",
  "headers",
  "req.headers.cookie",
  "req.headers.authorization",
  "*.password",
  "*.secret",
  "*.cookie",
  "*.authorization",
  "*.token",
  "*.signature",
];

/** @returns {import("./server-runtime.d.mts").ServerRuntime} */
export function serverRuntime() {
  const holder = /** @type {Record<symbol, Map<string, unknown>>} */ (/** @type {unknown} */ (globalThis));
  const all = (holder[REGISTRY] ??= new Map());
  if (!all.has(KEY)) all.set(KEY, create());
  return /** @type {import("./server-runtime.d.mts").ServerRuntime} */ (all.get(KEY));
}

function create() {
  const requests = new AsyncLocalStorage();
  const logger = makeLogger(requests);
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // gauges whose names end in _total, which Prometheus reserves for counters (promtool refuses
  // them); process_open_fds and the event loop's figures say what they did
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
    registry.removeSingleMetric(name);
  }
  /** @type {Map<string, () => unknown>} */
  const providers = new Map();
  return {
    requests,
    logger,
    registry,
    metrics: makeMetrics(registry, providers),
    providers,
    shutdown: { stopping: false, drains: new Map() },
  };
}

function makeLogger(requests) {
  const { LOG_LEVEL: level, LOG_FORMAT: format } = serverSettingsOrDefaults();
  const options = {
    level,
    base: { pid: process.pid },
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED, censor: "[redacted]" },
    // the request's ids on every line written while it is served
    mixin() {
      const ctx = requests.getStore();
      if (!ctx) return {};
      return {
        request_id: ctx.requestId,
        ...(ctx.tenantId ? { tenant_id: ctx.tenantId } : {}),
        ...(ctx.userId ? { user_id: ctx.userId } : {}),
      };
    },
  };
  if (format === "pretty") {
    // in this thread and synchronous: no worker, and no line lost at exit
    // one line each: "[12:00:00.000] INFO: server: request answered {"route":"/","status":200,…}"
    const stream = pretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss.l",
      singleLine: true,
      messageFormat: "{if component}{component}: {end}{msg}",
      ignore: "pid,component",
    });
    return pino(options, stream);
  }
  // written by libuv, not on the request's thread: a synchronous write per line was a fifteenth
  // of a webhook burst's time. Lines are not held back (minLength 0), and what is still pending
  // is written synchronously when the process exits (pino flushes its destination on exit).
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 0 }));
}
