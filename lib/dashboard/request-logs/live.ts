import "server-only";
import { getDb } from "@/lib/db/client";
import { allTenants } from "@/lib/dashboard/auth/tenants";
import { publish } from "@/lib/dashboard/events/bus";
import { onRequestLogsWritten, type WrittenRow } from "@/lib/request-log/record";
import { processSingleton } from "@/lib/process-singleton";
import { errorText, logger } from "@/lib/log";
import { isOwnSandbox } from "./viewer";
import { clientKeyOf } from "@/lib/request-log/client-key";

// New request log rows appear live: each batch written (lib/request-log/record.ts) is announced
// on the live-update bus, one `request_log` signal per tenant whose rows it held (its upstream
// calls, and its sandbox client's calls while its upstream is this sandbox). The signal carries
// no row: a Logs page refetches its first page. A batch of nobody's rows announces nothing.

const log = logger("request-log");
const started = processSingleton("request-log-announcer", () => ({ on: false }));

async function announce(rows: WrittenRow[]) {
  const perTenant = new Map<string, { id: number; count: number }>();
  const add = (tenantId: string, id: number) => {
    const seen = perTenant.get(tenantId) ?? { id, count: 0 };
    perTenant.set(tenantId, { id: Math.max(seen.id, id), count: seen.count + 1 });
  };
  const clients = rows.some((row) => row.clientKey)
    ? (await allTenants(await getDb())).filter((t) => isOwnSandbox(t.baseUrl)).map((t) => ({ id: t.id, key: clientKeyOf(t.clientId) }))
    : [];
  for (const row of rows) {
    if (row.tenantId) add(row.tenantId, row.id);
    for (const tenant of clients) if (row.clientKey && tenant.key === row.clientKey) add(tenant.id, row.id);
  }
  for (const [tenantId, { id, count }] of perTenant) await publish({ kind: "request_log", tenant_id: tenantId, id, count });
}

/** Announces every batch this process writes (once per process; lib/boot.ts). */
export function announceRequestLogs(): void {
  if (started.on) return;
  started.on = true;
  onRequestLogsWritten((rows) => {
    void announce(rows).catch((error: unknown) => log.warn({ err: errorText(error) }, "new request log rows could not be announced"));
  });
}
