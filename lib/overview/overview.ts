import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { listExchanges } from "@/lib/exchanges/list-exchanges";
import { countAttention } from "@/lib/exchanges/attention";
import type { ExchangeState } from "@/lib/exchange/exchange-state";
import type { Overview } from "@/lib/contract/dashboard-api";
import { reconciliationIssues } from "@/lib/reports/statements";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// GET /api/overview – counts by state, the latest exchanges, daily volume and fees per pair (30 days),
// the needs-attention queue and statements whose payouts received differ from what was earned
export async function overview(db: Db, tenantId: string, serviceNow: Date, timeZone: string): Promise<Overview> {
  const counts = rowsOf<{ state: string; count: number }>(
    await db.execute(sql`SELECT state, count(*)::int AS count FROM exchanges WHERE tenant_id = ${tenantId} GROUP BY state`),
  );
  const daily = rowsOf<{ day: string; pair: string; volume: string; fees: string; count: number }>(
    await db.execute(sql`
      SELECT to_char(date_trunc('day', (snapshot->>'executed_on')::timestamptz AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             pair, sum((snapshot->>'cost')::numeric)::text AS volume, sum((snapshot->>'fee')::numeric)::text AS fees, count(*)::int AS count
      FROM exchanges
      WHERE tenant_id = ${tenantId} AND snapshot IS NOT NULL AND snapshot->>'executed_on' IS NOT NULL
        AND (snapshot->>'executed_on')::timestamptz > now() - interval '30 days'
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  const latest = await listExchanges(db, tenantId, { limit: 8 });
  const clocks = { now: new Date(), serviceNow };
  const attention = await listExchanges(db, tenantId, { limit: 5, attention: "1" }, clocks);
  const attentionCount = await countAttention(db, tenantId, clocks.now, clocks.serviceNow);
  const count = (state: ExchangeState) => counts.find((c) => c.state === state)?.count ?? 0;
  return {
    today: new Date().toISOString().slice(0, 10),
    counts: { executed: count("executed"), interrupted: count("interrupted"), refunded: count("refunded"), settled: count("settled") },
    daily: daily.map((d) => ({ day: d.day, pair: d.pair, volume: Number(d.volume), fees: Number(d.fees), count: d.count })),
    latest: latest.data,
    attention: { count: attentionCount, items: attention.data },
    reconciliation: await reconciliationIssues(db, tenantId, timeZone),
  } satisfies Overview;
}
