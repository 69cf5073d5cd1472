// The process's metrics (prom-client), in groups registered one after the other on the registry
// of lib/runtime/server-runtime.mjs. Plain JavaScript for the same reason as that module: the
// server loads it unbundled. Labels are bounded: route templates, reasons and states, never ids.
import client from "prom-client";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every metric of the process, registered on `registry`; some gauges read at each scrape the
 * value the app handed `providers` under their name (`provided`: its fallback while there is none).
 * @param {import("prom-client").Registry} registry
 * @param {Map<string, () => unknown>} providers
 * @returns {import("./metrics.d.mts").Metrics}
 */
export function makeMetrics(registry, providers) {
  const registers = [registry];
  const provided = (name, fallback) => {
    const fn = providers.get(name);
    return fn ? fn() : fallback;
  };
  return {
    ...requestMetrics(registers),
    ...streamMetrics(registers, provided),
    ...refreshMetrics(registers, provided),
    ...outboxMetrics(registers, provided),
    ...jobMetrics(registers, provided),
    ...databaseMetrics(registers, provided),
  };
}

/**
 * Requests this instance answered, received or made, by what came of them.
 * @param {import("prom-client").Registry[]} registers
 */
function requestMetrics(registers) {
  return {
    httpRequests: new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route template, method and status",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request (an event stream: until it is handed its connection)",
      labelNames: ["route", "method"],
      buckets: SECONDS,
      registers,
    }),
    webhooksReceived: new client.Counter({
      name: "dashboard_webhooks_received_total",
      help: "Webhooks accepted with a valid signature (duplicates included)",
      registers,
    }),
    webhooksDuplicated: new client.Counter({
      name: "dashboard_webhooks_duplicated_total",
      help: "Webhooks accepted whose body had been stored before",
      registers,
    }),
    webhooksRejected: new client.Counter({
      name: "dashboard_webhooks_rejected_total",
      help: "Webhooks refused, by reason",
      labelNames: ["reason"],
      registers,
    }),
    upstreamCalls: new client.Counter({
      name: "dashboard_upstream_calls_total",
      help: "Calls to the exchange service, by route and outcome (ok, refused: its own 4xx, failed: unreachable, timeout, 5xx)",
      labelNames: ["route", "outcome"],
      registers,
    }),
    requestLogRows: new client.Counter({
      name: "dashboard_request_log_rows_total",
      help: "Request log rows, by outcome (written; dropped: refused, the database out of reach, or too many waiting)",
      labelNames: ["outcome"],
      registers,
    }),
    cspViolations: new client.Counter({
      name: "dashboard_csp_violations_total",
      help: "Content-Security-Policy violations browsers reported, by directive",
      labelNames: ["directive"],
      registers,
    }),
  };
}

/**
 * Live events: the event streams, the LISTEN connection they are fed from, and readiness.
 * @param {import("prom-client").Registry[]} registers
 * @param {(name: string, fallback: unknown) => unknown} provided
 */
function streamMetrics(registers, provided) {
  return {
    webhookToStream: new client.Histogram({
      name: "dashboard_webhook_to_stream_seconds",
      help: "From a webhook's receipt to its notice reaching this instance's event streams",
      buckets: SECONDS,
      registers,
    }),
    openStreams: new client.Gauge({
      name: "dashboard_event_streams_open",
      help: "Event streams open on this instance",
      registers,
    }),
    busConnected: new client.Gauge({
      name: "dashboard_bus_connected",
      help: "1 while this instance's LISTEN connection (live events and cache notices) is up",
      registers,
      collect() {
        this.set(provided("busConnected", 0) ? 1 : 0);
      },
    }),
    ready: new client.Gauge({
      name: "dashboard_ready",
      help: "1 while GET /api/health/ready would answer 200 (not shutting down, database, migrations, bus)",
      registers,
      async collect() {
        const ready = await provided("ready", null);
        if (ready !== null) this.set(ready ? 1 : 0);
      },
    }),
    busReconnects: new client.Counter({
      name: "dashboard_bus_reconnects_total",
      help: "Times the LISTEN connection came back after a drop",
      registers,
    }),
  };
}

/**
 * The snapshot refresh queue.
 * @param {import("prom-client").Registry[]} registers
 * @param {(name: string, fallback: unknown) => unknown} provided
 */
function refreshMetrics(registers, provided) {
  return {
    refreshQueueDepth: new client.Gauge({
      name: "dashboard_refresh_queue_depth",
      help: "Snapshot refreshes waiting, running or waiting to be retried",
      registers,
      collect() {
        this.set(Number(provided("refreshQueueDepth", 0)));
      },
    }),
    refreshFailures: new client.Counter({
      name: "dashboard_refresh_failures_total",
      help: "Snapshot refreshes that failed (each attempt)",
      registers,
    }),
    refreshRetries: new client.Counter({
      name: "dashboard_refresh_retries_total",
      help: "Snapshot refreshes scheduled again after a failure",
      registers,
    }),
    refreshAbandoned: new client.Counter({
      name: "dashboard_refresh_abandoned_total",
      help: "Snapshot refreshes given up after their last retry",
      registers,
    }),
  };
}

/**
 * The sandbox's webhook outbox.
 * @param {import("prom-client").Registry[]} registers
 * @param {(name: string, fallback: unknown) => unknown} provided
 */
function outboxMetrics(registers, provided) {
  return {
    outboxPending: new client.Gauge({
      name: "sandbox_outbox_pending",
      help: "The sandbox's webhook deliveries waiting to be sent (all instances)",
      registers,
      async collect() {
        const counts = await provided("outbox", null);
        if (counts) this.set(counts.pending);
      },
    }),
    outboxFailed: new client.Gauge({
      name: "sandbox_outbox_failed",
      help: "The sandbox's webhook deliveries that used every retry (all instances)",
      registers,
      async collect() {
        const counts = await provided("outbox", null);
        if (counts) this.set(counts.failed);
      },
    }),
    outboxAttempts: new client.Counter({
      name: "sandbox_outbox_attempts_total",
      help: "The sandbox's delivery attempts made by this instance, by result",
      labelNames: ["result"],
      registers,
    }),
    outboxLatency: new client.Histogram({
      name: "sandbox_outbox_delivery_seconds",
      help: "Time a delivery attempt of the sandbox took to be answered (or to fail)",
      buckets: SECONDS,
      registers,
    }),
  };
}

/**
 * Background jobs, and the forwarding of webhooks they carry out.
 * @param {import("prom-client").Registry[]} registers
 * @param {(name: string, fallback: unknown) => unknown} provided
 */
function jobMetrics(registers, provided) {
  return {
    jobsPending: new client.Gauge({
      name: "dashboard_jobs_pending",
      help: "Background jobs waiting to run, due or later (all instances), by kind",
      labelNames: ["kind"],
      registers,
      async collect() {
        const counts = await provided("jobs", null);
        if (!counts) return;
        this.reset();
        for (const [kind, n] of Object.entries(counts.pending)) this.set({ kind }, n);
      },
    }),
    jobsOverdue: new client.Gauge({
      name: "dashboard_jobs_overdue_seconds",
      help: "How long the oldest due job has waited past its time (all instances); 0 when none is due",
      registers,
      async collect() {
        const counts = await provided("jobs", null);
        if (counts) this.set(counts.overdueSeconds);
      },
    }),
    jobsRun: new client.Counter({
      name: "dashboard_jobs_runs_total",
      help: "Background job runs by this instance, by kind and outcome (done, retry, failed)",
      labelNames: ["kind", "outcome"],
      registers,
    }),
    forwardingAttempts: new client.Counter({
      name: "dashboard_forwarding_attempts_total",
      help: "Webhooks forwarded to affiliates' endpoints by this instance, by result (delivered, failed)",
      labelNames: ["result"],
      registers,
    }),
    forwardingLatency: new client.Histogram({
      name: "dashboard_forwarding_seconds",
      help: "Time a forwarding endpoint took to answer (or to fail)",
      buckets: SECONDS,
      registers,
    }),
    forwardingDisabled: new client.Counter({
      name: "dashboard_forwarding_endpoints_disabled_total",
      help: "Forwarding endpoints this instance disabled after every attempt failed for 5 days",
      registers,
    }),
  };
}

/**
 * The PostgreSQL pool.
 * @param {import("prom-client").Registry[]} registers
 * @param {(name: string, fallback: unknown) => unknown} provided
 */
function databaseMetrics(registers, provided) {
  return {
    dbPool: new client.Gauge({
      name: "dashboard_db_pool_connections",
      help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one",
      labelNames: ["state"],
      registers,
      collect() {
        const pool = provided("dbPool", null);
        if (!pool) return;
        this.set({ state: "total" }, pool.total);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "waiting" }, pool.waiting);
      },
    }),
  };
}
