import "server-only";
import type { Db } from "@/lib/db/client";
import { onInvalidation } from "@/lib/db/cache-bus";
import { onSignal } from "@/lib/dashboard/events/bus";
import type { Overview } from "@/lib/dashboard/contract/dashboard-api";
import { processSingleton } from "@/lib/process-singleton";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { overview } from "./overview";

// The overview is the page opened most, and its six reads cost the same whether it was opened a
// second ago or not. Each instance keeps a tenant's answer for at most TTL_MS and drops it at once
// when anything it shows may have changed: a webhook or a snapshot of the tenant stored (the live
// bus's signals, heard by every instance), a payout recorded (the cache bus), the service's clock
// moved (the attention queue is weighed on it). What no signal announces (time passing, an hour
// turning an open payout into one that needs attention) shows within TTL_MS.

const TTL_MS = 10_000;
/** A service clock that moved by more than this since the answer was made (the sandbox's, moved by a test) makes it stale. */
const CLOCK_SLACK_MS = 1_000;

type Entry = { timeZone: string; clockOffsetMs: number; expires: number; value: Promise<Overview> };
type Holder = { entries: Map<string, Entry>; hearing: Promise<void> | null; heard: boolean };
const holder = processSingleton("overview-cache", (): Holder => ({ entries: new Map(), hearing: null, heard: false }));

onInvalidation("overview", (notice) => (notice ? holder.entries.delete(notice.tenant_id) : holder.entries.clear()));
onInvalidation("sandbox_clock", () => holder.entries.clear());

/** Starts hearing the live bus once; until it hears, nothing is kept (a change could go unheard). */
function hearing(): boolean {
  holder.hearing ??= onSignal((signal) => {
    if (!signal) holder.entries.clear();
    else if (signal.kind !== "notification") holder.entries.delete(signal.tenant_id);
  }).then(
    () => void (holder.heard = true),
    () => void (holder.hearing = null),
  );
  return holder.heard;
}

/**
 * GET /api/overview's answer for the tenant: kept from an earlier call unless `fresh` (a
 * `Cache-Control: no-cache` request), expired, or dropped by a change. Callers at the same moment
 * share one computation.
 */
export async function cachedOverview(db: Db, tenant: Tenant, serviceNow: Date, options: { fresh?: boolean } = {}): Promise<Overview> {
  const { id: tenantId, timeZone } = tenant;
  const now = Date.now();
  const clockOffsetMs = serviceNow.getTime() - now;
  const kept = holder.entries.get(tenantId);
  if (
    !options.fresh &&
    kept &&
    kept.expires > now &&
    kept.timeZone === timeZone &&
    Math.abs(kept.clockOffsetMs - clockOffsetMs) <= CLOCK_SLACK_MS
  ) {
    return kept.value;
  }
  const value = overview(db, tenant, serviceNow);
  if (hearing()) {
    const entry: Entry = { timeZone, clockOffsetMs, expires: now + TTL_MS, value };
    holder.entries.set(tenantId, entry);
    // a failed read is not kept: the next call tries again
    value.catch(() => holder.entries.get(tenantId) === entry && holder.entries.delete(tenantId));
  }
  return value;
}
