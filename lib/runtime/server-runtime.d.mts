import type { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { JobCounts, Metrics, OutboxCounts, PoolCounts, Providers } from "./metrics.d.mts";

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

export type { JobCounts, Metrics, OutboxCounts, PoolCounts, Providers };

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
