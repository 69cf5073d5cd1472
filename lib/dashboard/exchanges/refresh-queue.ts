import "server-only";
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { UpstreamError } from "@/lib/service-api/client";
import { refreshExchange } from "./refresh-exchange";
import { processSingleton } from "@/lib/process-singleton";
import { isDatabaseUnavailable, isWriteConflict, writeConflict } from "@/lib/db/availability";
import { errorText, logger } from "@/lib/log";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { backoffMs } from "@/lib/runtime/backoff";
import { servedByThisInstance } from "@/lib/dashboard/upstream/own-sandbox";

const log = logger("refresh");

// Snapshot refreshes after webhooks run here, a few at a time, one per exchange: a burst of
// events for one exchange costs one GET, and ingesting never waits for the upstream. During a
// burst of webhooks refreshes wait for a quiet moment (QUIET_MS without a new one), but never
// longer than MAX_WAIT_MS. A refresh that fails for a passing reason (the service or the
// database out of reach, or a write PostgreSQL still ended to break a deadlock after the
// statement's own tries, lib/db/availability.ts) is tried again after 0.5 s, doubling up to
// 30 s, at most RETRIES times (about a minute and a half in all), so that no exchange stays
// stale after a failover. A
// draining server runs what is left DRAIN_CONCURRENCY at a time: under a burst the queue may hold
// a few hundred exchanges, and four at a time would spend most of the shutdown grace on them.
const CONCURRENCY = 4;
/**
 * While webhooks keep arriving (no quiet moment yet), one refresh at a time: answering the sender
 * comes first, and a snapshot is a read that may wait. Four at once during a burst of webhooks
 * for distinct exchanges made each refresh (an upstream GET, a request of its own when the
 * upstream is this app's sandbox) cost the burst a fifth of its throughput.
 */
const BURST_CONCURRENCY = 1;
const DRAIN_CONCURRENCY = 16;
const QUIET_MS = 100;
const MAX_WAIT_MS = 2_000;
const RETRIES = 8;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

type Job = { db: Db; tenant: Tenant; exchangeId: string; since: number; attempt: number };
type Queue = {
  waiting: Map<string, Job>;
  running: Set<string>;
  dirty: Set<string>;
  /** Failed refreshes waiting for their next attempt. */
  retrying: Map<string, { job: Job; timer: NodeJS.Timeout }>;
  lastScheduled: number;
  timer: NodeJS.Timeout | null;
  /** Set while the server drains: refreshes run at once, without waiting for quiet. */
  draining: boolean;
  /** Refreshes that failed while the server stopped (counted in the drain's one line, not one line each). */
  drainFailures: number;
  /** Refreshes not run while the server stopped: their upstream, this instance's own sandbox, stopped with it. */
  notRun: number;
  idle: Set<() => void>;
};
// Per process: one GET per exchange at a time, and the concurrency limit, hold per process.
const queueState = processSingleton("refresh-queue", (): Queue => {
  const state: Queue = {
    waiting: new Map(),
    running: new Set(),
    dirty: new Set(),
    retrying: new Map(),
    lastScheduled: 0,
    timer: null,
    draining: false,
    drainFailures: 0,
    notRun: 0,
    idle: new Set(),
  };
  serverRuntime().providers.set("refreshQueueDepth", () => state.waiting.size + state.running.size + state.retrying.size);
  return state;
});

function queue(): Queue {
  return queueState;
}

/** Whether the server is stopping: from the signal on, before the drain reaches the refreshes. */
const stopping = () => serverRuntime().shutdown.stopping;

/** Whether a failure may pass: the service answered 5xx or not at all, the database is out of reach, or it broke a deadlock. */
function isTransient(error: unknown): boolean {
  if (error instanceof UpstreamError) return error.status >= 500;
  return isDatabaseUnavailable(error) || isWriteConflict(error) || (error instanceof TypeError && /fetch failed/i.test(error.message));
}

function failed(job: Job, key: string, error: unknown) {
  const q = queue();
  const { metrics } = serverRuntime();
  metrics.refreshFailures.inc();
  const detail = error instanceof UpstreamError ? `${error.status} ${error.code}` : (writeConflict(error) ?? errorText(error));
  if ((q.draining || stopping()) && isTransient(error)) {
    metrics.refreshAbandoned.inc();
    q.drainFailures++;
    return;
  }
  if (!isTransient(error) || job.attempt >= RETRIES || q.draining) {
    if (isTransient(error)) metrics.refreshAbandoned.inc();
    log.warn(
      { exchange_id: job.exchangeId, tenant_id: job.tenant.id, err: detail, attempt: job.attempt + 1 },
      "refreshing an exchange failed",
    );
    return;
  }
  const delay = backoffMs(job.attempt, RETRY_FIRST_MS, RETRY_MAX_MS);
  metrics.refreshRetries.inc();
  log.info(
    { exchange_id: job.exchangeId, err: detail, attempt: job.attempt + 1, retry_in_ms: delay },
    "refreshing an exchange failed; trying again",
  );
  const timer = setTimeout(() => {
    q.retrying.delete(key);
    if (!q.waiting.has(key) && !q.running.has(key)) q.waiting.set(key, { ...job, attempt: job.attempt + 1, since: 0 });
    pump();
  }, delay);
  timer.unref();
  q.retrying.set(key, { job, timer });
}

function pump() {
  const q = queue();
  const now = Date.now();
  const quiet = q.draining || now - q.lastScheduled >= QUIET_MS;
  const concurrency = q.draining ? DRAIN_CONCURRENCY : quiet ? CONCURRENCY : BURST_CONCURRENCY;
  for (const [key, job] of q.waiting) {
    if (q.running.size >= concurrency) return;
    if (q.running.has(key)) continue;
    // once the server stopped listening, this instance's own sandbox no longer answers
    if (stopping() && servedByThisInstance(job.tenant.baseUrl)) {
      q.waiting.delete(key);
      q.notRun++;
      continue;
    }
    if (!quiet && now - job.since < MAX_WAIT_MS) {
      schedulePump(Math.min(QUIET_MS, MAX_WAIT_MS - (now - job.since)));
      return;
    }
    q.waiting.delete(key);
    q.running.add(key);
    refreshExchange(job.db, job.tenant, job.exchangeId)
      .catch((error: unknown) => failed(job, key, error))
      .finally(() => {
        q.running.delete(key);
        if (q.dirty.delete(key)) q.waiting.set(key, { ...job, attempt: 0, since: Date.now() });
        pump();
        if (q.waiting.size === 0 && q.running.size === 0) for (const done of q.idle) done();
      });
  }
}

function schedulePump(delayMs: number) {
  const q = queue();
  if (q.timer) return;
  q.timer = setTimeout(() => {
    q.timer = null;
    pump();
  }, delayMs);
}

/** Refresh the exchange's snapshot soon; an exchange being refreshed right now is refreshed again after. */
export function scheduleRefresh(db: Db, tenant: Tenant, exchangeId: string) {
  const q = queue();
  const key = `${tenant.id}:${exchangeId}`;
  q.lastScheduled = Date.now();
  const retry = q.retrying.get(key);
  if (retry) {
    // a new webhook refreshes it now; the retry is no longer needed
    clearTimeout(retry.timer);
    q.retrying.delete(key);
  }
  if (q.running.has(key)) q.dirty.add(key);
  else if (!q.waiting.has(key)) q.waiting.set(key, { db, tenant, exchangeId, since: Date.now(), attempt: 0 });
  schedulePump(QUIET_MS);
}

/**
 * For a shutdown: runs every waiting refresh (and each pending retry, once) now, and resolves
 * when none is left running, or at `deadline` (epoch ms).
 */
export async function drainRefreshes(deadline: number): Promise<void> {
  const q = queue();
  q.draining = true;
  for (const [key, { job, timer }] of q.retrying) {
    clearTimeout(timer);
    if (!q.waiting.has(key) && !q.running.has(key)) q.waiting.set(key, { ...job, attempt: RETRIES });
  }
  q.retrying.clear();
  const started = Date.now();
  // pump leaves out the refreshes from this instance's own sandbox (it stopped listening with the server)
  pump();
  const pending = q.waiting.size + q.running.size;
  if (q.waiting.size > 0 || q.running.size > 0)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
      function done() {
        clearTimeout(timer);
        q.idle.delete(done);
        resolve();
      }
      q.idle.add(done);
    });
  const notRun = q.notRun;
  if (pending === 0 && notRun === 0 && q.drainFailures === 0) return;
  const left = q.waiting.size + q.running.size;
  const summary = { refreshes: pending, failed: q.drainFailures, not_run: notRun, left, duration_ms: Date.now() - started };
  if (left > 0)
    log.warn(
      summary,
      "the shutdown grace ended before every refresh ran; those exchanges are fetched again when next opened or at their next event",
    );
  else if (notRun > 0 || q.drainFailures > 0)
    log.info(
      summary,
      "refreshes at shutdown: those not run (this instance's own sandbox stopped with it) or failed are fetched again " +
        "when next opened or at their next event",
    );
  else log.info(summary, "refreshes under way at shutdown ran");
}
