import "server-only";
import { UpstreamError, type UpstreamCall } from "@/lib/service-api/client";
import { processSingleton } from "@/lib/process-singleton";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { logger } from "@/lib/log";

// What this instance knows of each service it calls: every call counted by route and outcome
// (dashboard_upstream_calls_total, which an alert rule watches: deploy/prometheus/alerts.yml),
// every failed one logged with the service's route, status or error and the tenant, and since
// when the service has been failing. Pages that need the service show what is stored, with that
// time, while it fails (lib/dashboard/exchanges/read-exchange.ts, lib/dashboard/orders/read-order.ts).

const log = logger("upstream");

export type Reachability = { failingSince: Date | null; lastOkAt: Date | null };

type Known = { failingSince: number | null; lastOkAt: number | null };
const services = processSingleton("service-reachability", () => new Map<string, Known>());

/** The observer of one tenant's calls (its client's `observe`). */
export function observerFor(tenant: { id: string; baseUrl: string }): (call: UpstreamCall) => void {
  return (call) => {
    serverRuntime().metrics.upstreamCalls.inc({ route: call.route, outcome: call.outcome });
    const known = services.get(tenant.baseUrl) ?? { failingSince: null, lastOkAt: null };
    if (call.outcome === "failed") {
      known.failingSince ??= Date.now();
      log.warn(
        {
          tenant_id: tenant.id,
          method: call.method,
          route: call.route,
          status: call.status,
          error: call.code,
          duration_ms: call.durationMs,
          failing_since: new Date(known.failingSince).toISOString(),
        },
        "a call to the exchange service failed",
      );
    } else {
      known.failingSince = null;
      known.lastOkAt = Date.now();
    }
    services.set(tenant.baseUrl, known);
  };
}

/** Since when this instance's calls to the service have been failing (null: the last one went through). */
export function reachabilityOf(baseUrl: string): Reachability {
  const known = services.get(baseUrl);
  return {
    failingSince: known?.failingSince ? new Date(known.failingSince) : null,
    lastOkAt: known?.lastOkAt ? new Date(known.lastOkAt) : null,
  };
}

/** The service could not be asked (unreachable, a timeout, a 5xx, an answer that is not its API). */
export const unreachable = (error: unknown) =>
  error instanceof UpstreamError && !error.body && (error.status === 502 || error.status === 504);
