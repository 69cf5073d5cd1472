import "server-only";
import { getDb } from "@/lib/db/client";
import { allTenants, type Tenant } from "@/lib/dashboard/auth/tenants";
import { publish } from "@/lib/dashboard/events/bus";
import { onRequestLogsWritten, type WrittenRows } from "@/lib/request-log/record";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { sandboxClientKeyOf } from "./viewer";

// New request log rows appear live: the batches written (lib/request-log/record.ts) are announced
// on the live-update bus, one `request_log` signal per tenant whose rows they held (its upstream
// calls, and its sandbox client's calls while its upstream is this sandbox). The signal carries
// no row: a Logs page refetches its first page. So under load a tenant's signals are gathered:
// at most one per ANNOUNCE_MS, naming the newest row and how many came since the last one (each
// signal is a NOTIFY through the database, and a page needs no more than a few refetches a second).

const log = logger("request-log");
const started = processSingleton("request-log-announcer", () => ({ on: false }));
/** The gathered rows of each tenant, announced once its window closes. */
const gathered = processSingleton("request-log-gathered", () => new Map<string, { id: number; count: number }>());
const ANNOUNCE_MS = 250;

/** The tenant of each sandbox client's key, from the keys the tenants keep: a map made once per list of tenants (cached a few seconds). */
const tenantsByKey = processSingleton("request-log-tenants-by-key", () => new WeakMap<Tenant[], Map<string, string>>());

async function tenantOfClient(): Promise<(clientKey: string) => string | undefined> {
  const tenants = await allTenants(await getDb());
  let byKey = tenantsByKey.get(tenants);
  if (!byKey) {
    byKey = new Map();
    for (const tenant of tenants) {
      const key = sandboxClientKeyOf(tenant);
      if (key) byKey.set(key, tenant.id);
    }
    tenantsByKey.set(tenants, byKey);
  }
  return (clientKey) => byKey.get(clientKey);
}

async function announce(written: WrittenRows[]) {
  // a row's owner is set when it is made: the dashboard's rows are their tenant's (they may name
  // their client too, lib/request-log/dashboard-calls.ts), an integration's are its client's, and
  // so its tenant's while the tenant's upstream is this sandbox (the key the tenant's viewer reads by)
  const tenantOf = written.some((owner) => owner.clientKey && !owner.tenantId) ? await tenantOfClient() : () => undefined;
  const opened: string[] = [];
  const add = (tenantId: string, { id, count }: WrittenRows) => {
    const seen = gathered.get(tenantId);
    if (!seen) opened.push(tenantId);
    gathered.set(tenantId, { id: Math.max(seen?.id ?? id, id), count: (seen?.count ?? 0) + count });
  };
  for (const owner of written) {
    const tenantId = owner.tenantId ?? (owner.clientKey ? tenantOf(owner.clientKey) : undefined);
    if (tenantId) add(tenantId, owner);
  }
  // the first rows of a quiet tenant go at once; what follows within the window, when it closes
  for (const tenantId of opened) await flush(tenantId);
}

async function flush(tenantId: string) {
  const rows = gathered.get(tenantId);
  if (!rows || rows.count === 0) {
    gathered.delete(tenantId);
    return;
  }
  gathered.set(tenantId, { id: rows.id, count: 0 });
  setTimeout(() => void flush(tenantId).catch(warn), ANNOUNCE_MS).unref();
  await publish({ kind: "request_log", tenant_id: tenantId, id: rows.id, count: rows.count });
}

const warn = (error: unknown) => log.warn({ err: errorText(error) }, "new request log rows could not be announced");

/** Announces every batch this process writes (once per process; lib/boot.ts). */
export function announceRequestLogs(): void {
  if (started.on) return;
  started.on = true;
  onRequestLogsWritten((written) => {
    void announce(written).catch(warn);
  });
}
