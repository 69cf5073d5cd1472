import type { Counter, Gauge, Histogram, Registry } from "prom-client";

export type OutboxCounts = { pending: number; failed: number };
export type JobCounts = { pending: Record<string, number>; overdueSeconds: number };
export type PoolCounts = { total: number; idle: number; waiting: number };

/** Values the app hands the metrics at each scrape. */
export type Providers = {
  busConnected: () => boolean;
  refreshQueueDepth: () => number;
  outbox: () => Promise<OutboxCounts | null>;
  dbPool: () => PoolCounts | null;
  jobs: () => Promise<JobCounts | null>;
  ready: () => Promise<boolean>;
};

export type Metrics = {
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  webhooksReceived: Counter;
  webhooksDuplicated: Counter;
  webhooksRejected: Counter<"reason">;
  cspViolations: Counter<"directive">;
  upstreamCalls: Counter<"route" | "outcome">;
  requestLogRows: Counter<"outcome">;
  webhookToStream: Histogram;
  openStreams: Gauge;
  busConnected: Gauge;
  ready: Gauge;
  busReconnects: Counter;
  refreshQueueDepth: Gauge;
  refreshFailures: Counter;
  refreshRetries: Counter;
  refreshAbandoned: Counter;
  outboxPending: Gauge;
  outboxFailed: Gauge;
  outboxAttempts: Counter<"result">;
  outboxLatency: Histogram;
  jobsPending: Gauge<"kind">;
  jobsOverdue: Gauge;
  jobsRun: Counter<"kind" | "outcome">;
  forwardingAttempts: Counter<"result">;
  forwardingLatency: Histogram;
  forwardingDisabled: Counter;
  dbPool: Gauge<"state">;
};

export function makeMetrics(registry: Registry, providers: Map<string, () => unknown>): Metrics;
