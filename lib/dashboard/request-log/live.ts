import "server-only";
import { getDb } from "@/lib/db/client";
import { allTenants } from "@/lib/dashboard/auth/tenants";
import { publish } from "@/lib/dashboard/events/bus";
import { onRequestLogsWritten, type WrittenRows } from "@/lib/request-log/record";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { isOwnSandbox } from "@/lib/dashboard/upstream/own-sandbox";
import { clientKeyOf } from "@/lib/request-log/client-key";

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

async function announce(written: WrittenRows[]) {
  // an integration's rows are its tenant's by their client; the dashboard's rows (which may name
  // their client too, lib/request-log/dashboard-calls.ts) by their tenant alone
  const clients = written.some((owner) => owner.clientKey && !owner.tenantId)
    ? (await allTenants(await getDb())).filter((t) => isOwnSandbox(t.baseUrl)).map((t) => ({ id: t.id, key: clientKeyOf(t.clientId) }))
    : [];
  const opened: string[] = [];
  const add = (tenantId: string, { id, count }: WrittenRows) => {
    const seen = gathered.get(tenantId);
    if (!seen) opened.push(tenantId);
    gathered.set(tenantId, { id: Math.max(seen?.id ?? id, id), count: (seen?.count ?? 0) + count });
  };
  for (const owner of written) {
    if (owner.tenantId) add(owner.tenantId, owner);
    else for (const tenant of clients) if (owner.clientKey && tenant.key === owner.clientKey) add(tenant.id, owner);
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
