import "server-only";
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/auth/tenants";
import { UpstreamError } from "@/lib/exchange/client";
import { refreshExchange } from "./refresh-exchange";
import { processSingleton } from "@/lib/process-singleton";

// Snapshot refreshes after webhooks run here, a few at a time, one per exchange: a burst of
// events for one exchange costs one GET, and ingesting never waits for the upstream. During a
// burst of webhooks refreshes wait for a quiet moment (QUIET_MS without a new one), but never
// longer than MAX_WAIT_MS.
const CONCURRENCY = 4;
const QUIET_MS = 100;
const MAX_WAIT_MS = 2_000;

type Job = { db: Db; tenant: Tenant; exchangeId: string; since: number };
type Queue = { waiting: Map<string, Job>; running: Set<string>; dirty: Set<string>; lastScheduled: number; timer: NodeJS.Timeout | null };
// Per process: one GET per exchange at a time, and the concurrency limit, hold per process.
const queueState = processSingleton("refresh-queue", (): Queue => ({
  waiting: new Map(),
  running: new Set(),
  dirty: new Set(),
  lastScheduled: 0,
  timer: null,
}));

function queue(): Queue {
  return queueState;
}

function pump() {
  const q = queue();
  const now = Date.now();
  const quiet = now - q.lastScheduled >= QUIET_MS;
  for (const [key, job] of q.waiting) {
    if (q.running.size >= CONCURRENCY) return;
    if (q.running.has(key)) continue;
    if (!quiet && now - job.since < MAX_WAIT_MS) {
      schedulePump(Math.min(QUIET_MS, MAX_WAIT_MS - (now - job.since)));
      return;
    }
    q.waiting.delete(key);
    q.running.add(key);
    refreshExchange(job.db, job.tenant, job.exchangeId)
      .catch((error: unknown) => {
        const detail =
          error instanceof UpstreamError ? `${error.status} ${error.code}` : error instanceof Error ? error.message : String(error);
        console.warn(`[webhook] refreshing exchange ${job.exchangeId} failed: ${detail}`);
      })
      .finally(() => {
        q.running.delete(key);
        if (q.dirty.delete(key)) q.waiting.set(key, { ...job, since: Date.now() });
        pump();
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
  if (q.running.has(key)) q.dirty.add(key);
  else if (!q.waiting.has(key)) q.waiting.set(key, { db, tenant, exchangeId, since: Date.now() });
  schedulePump(QUIET_MS);
}
