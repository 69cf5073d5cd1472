import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchangeRows, listItem } from "@/lib/dashboard/exchanges/list-exchanges";
import { countAttention } from "@/lib/dashboard/exchanges/attention";
import type { ExchangeState } from "@/lib/service-api/exchange-state";
import type { Overview } from "@/lib/dashboard/contract/dashboard-api";
import { reconciliationIssues } from "@/lib/dashboard/reports/statements";
import { COUNTING, countsByState, rolledUpDays } from "@/lib/dashboard/reports/counted-exchanges";
import { shiftDay, todayIn } from "@/lib/dashboard/reports/periods";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { requestCounts } from "@/lib/dashboard/request-log/error-rate";
import { tenantViewer } from "@/lib/dashboard/request-log/viewer";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// GET /api/overview – counts by state, the latest exchanges, daily volume and fees per pair (30 days),
// the needs-attention queue and statements whose payouts received differ from what was earned.
// Counts read the monthly figures (exchange_rollups_monthly) and volumes the daily ones of the 30
// days shown, never the exchanges: the cost grows with the days and pairs shown, not with how many
// exchanges the tenant has. Days are the tenant's (its time zone, on the service's clock, by which
// exchanges are dated), like the reports'.
export async function overview(db: Db, tenant: Tenant, serviceNow: Date): Promise<Overview> {
  const { id: tenantId, timeZone } = tenant;
  const today = todayIn(timeZone, serviceNow);
  const clocks = { now: new Date(), serviceNow };
  // independent reads, side by side on the pool: the page waits for the slowest, not for their sum
  const [counts, daily, latest, attention, attentionCount, reconciliation, requests] = await Promise.all([
    countsByState(db, tenantId),
    db
      .execute(
        sql`
      SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.pair, sum(r.cost)::text AS volume, sum(r.fee)::text AS fees, sum(r.count)::int AS count
      FROM ${rolledUpDays(tenantId, { from: shiftDay(today, -29), to: today })} r
      WHERE r.state IN ${COUNTING}
      GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .then(rowsOf<{ day: string; pair: string; volume: string; fees: string; count: number }>),
    exchangeRows(db, tenantId, { limit: 8 }),
    exchangeRows(db, tenantId, { limit: 5, attention: "1" }, clocks),
    countAttention(db, tenantId, clocks.now, clocks.serviceNow),
    reconciliationIssues(db, tenantId),
    // what an admin sees of the log: the dashboard's calls and, on this app's sandbox, the integration's
    requestCounts(db, tenantViewer(tenant, "admin"), new Date(clocks.now.getTime() - 24 * 3_600_000)),
  ]);
  const count = (state: ExchangeState) => counts.find((c) => c.state === state)?.count ?? 0;
  return {
    today,
    counts: { executed: count("executed"), interrupted: count("interrupted"), refunded: count("refunded"), settled: count("settled") },
    daily: daily.map((d) => ({ day: d.day, pair: d.pair, volume: Number(d.volume), fees: Number(d.fees), count: d.count })),
    latest: latest.rows.map(listItem),
    attention: { count: attentionCount, items: attention.rows.map(listItem) },
    reconciliation,
    requests_24h: requests,
  } satisfies Overview;
}
