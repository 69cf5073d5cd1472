// Section 4 of npm run bench: reports and exports over many exchanges (PostgreSQL).
import pg from "pg";
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { randomUUID } from "node:crypto";
import { ms, percentile, streamed, timed, verdict } from "./common";

const REPORT_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);

export async function reportsBench(app: RunningApp, databaseUrl: string, tenantId: string, cookie: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const affiliates = [randomUUID(), randomUUID()];
  try {
    // rows as the index holds them after the service's webhooks, spread over the last year
    await client.query(
      `INSERT INTO exchanges (id, tenant_id, order_id, snapshot, state, pair, type, first_seen_at, fetched_at, executed_at, affiliate_id)
       SELECT gen_random_uuid(), $1, gen_random_uuid(),
              jsonb_build_object('cost', c.cost, 'fee', round(c.cost * 0.02, 2), 'fee_rate', 0.02, 'rate', 60000,
                                 'amount', floor((c.cost - round(c.cost * 0.02, 2)) / 60000 * 1e8) / 1e8,
                                 'executed_on', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'pair', c.pair, 'type', 'buy', 'action', null, 'reason', null, 'payout', null),
              'executed', c.pair, 'buy', c.at, c.at, c.at, c.affiliate
       FROM (SELECT round((10 + random() * 990)::numeric, 2) AS cost, now() - random() * interval '365 days' AS at,
                    (ARRAY['btc/eur', 'btc/chf', 'btc/gbp'])[1 + (i % 3)] AS pair, ($2::uuid[])[1 + (i % 2)] AS affiliate
             FROM generate_series(1, $3) AS i) c`,
      [tenantId, affiliates, REPORT_ROWS],
    );
    await client.query(`INSERT INTO affiliate_share_periods VALUES ($1, $2, '2000-01-01', 20), ($1, $3, '2000-01-01', 12.5)`, [
      tenantId,
      ...affiliates,
    ]);
    await client.query("ANALYZE exchanges");
    // every generated row: from 400 days ago to tomorrow (a report spans ten years at most)
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const from = day(-400);
    const to = day(1);
    const plain = async () => {
      const started = performance.now();
      const result = await client.query(
        "SELECT * FROM exchanges WHERE tenant_id = $1 AND COALESCE(executed_at, first_seen_service_at, first_seen_at) >= $2 " +
          "AND COALESCE(executed_at, first_seen_service_at, first_seen_at) < $3",
        [tenantId, from, to],
      );
      if (result.rowCount === null || result.rowCount < REPORT_ROWS) throw new Error("rows missing");
      return performance.now() - started;
    };
    const report = (group: string) => timed(`${app.baseUrl}/api/reports/earnings?from=${from}&to=${to}&group=${group}`, { cookie });
    await plain();
    await report("agreement");
    const runs = 3;
    const plainMs: number[] = [];
    const reportMs: Record<string, number[]> = { agreement: [], month: [] };
    for (let i = 0; i < runs; i++) {
      plainMs.push(await plain());
      for (const group of Object.keys(reportMs)) reportMs[group]?.push(await report(group));
    }
    const exported = await streamed(app, `${app.baseUrl}/api/exchanges/export.csv?from=${from}&to=${to}`, cookie);
    const median = (v: number[]) => percentile(v, 50);
    const base = median(plainMs);
    console.log(`\n4. reports and exports over ${REPORT_ROWS} exchanges (PostgreSQL), median of ${runs}`);
    console.log(`   plain SELECT of the same rows  ${ms(base)}`);
    for (const [group, values] of Object.entries(reportMs)) {
      const r = median(values) / base;
      console.log(
        `   GET /api/reports/earnings?group=${group}  ${ms(median(values))}   ratio ${r.toFixed(2)}   target ≤ 2: ${verdict(r <= 2)}`,
      );
    }
    const r = exported.ms / base;
    console.log(
      `   GET /api/exchanges/export.csv   ${ms(exported.ms)} (${(exported.bytes / 1e6).toFixed(1)} MB)   ratio ${r.toFixed(2)}   ` +
        `target ≤ 8: ${verdict(r <= 8)}`,
    );
    console.log(
      `   export peak memory growth ${exported.peakGrowthMb.toFixed(1)} MB (heap + external)   ` +
        `target < 64 MB: ${verdict(exported.peakGrowthMb < 64)}`,
    );
  } finally {
    await client.end();
  }
}
