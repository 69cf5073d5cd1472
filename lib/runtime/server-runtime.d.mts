import type { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Counter, Gauge, Histogram, Registry } from "prom-client";

/** What is known of the request being served, for its log lines and metrics. */
export type RequestContext = {
  requestId: string;
  /** The route template (never the raw path). */
  route?: string;
  tenantId?: string;
  userId?: string;
  /** The dashboard API key the request came with (the request log names it as the cause of upstream calls). */
  apiKeyId?: string;
  /** What the request did, written on its "request answered" line (lib/log.ts describeRequest). */
  facts?: Record<string, string | number | null>;
};

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

export type ServerRuntime = {
  requests: AsyncLocalStorage<RequestContext>;
  logger: Logger;
  registry: Registry;
  metrics: Metrics;
  providers: Map<keyof Providers, Providers[keyof Providers]>;
  shutdown: {
    /** Set from the first shutdown signal on: readiness fails, new work is refused. */
    stopping: boolean;
    /** What must finish before the process exits, by name; run in registration order. */
    drains: Map<string, (deadline: number) => Promise<void>>;
  };
};

export const REDACTED: string[];
export function serverRuntime(): ServerRuntime;
