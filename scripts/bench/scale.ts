// Section 8 of npm run bench: the pages people open first at 10 000 and then at 1 000 000
// exchanges in one tenant (with five webhook events each and one audit row each, and as many
// request log rows), on PostgreSQL. Each figure is timed at both sizes, and the ratio between
// them says whether its cost is flat.
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { seedVolume } from "@/lib/dashboard/demo/seed-volume";
import { encodeKeyset } from "@/lib/dashboard/lists/keyset";
import type { NetworkName } from "@/lib/bitcoin/networks";
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { clientKeyOf } from "@/lib/request-log/client-key";
import { percentile, secrets, send, streamed, tenantIdOf } from "./common";

const OVERVIEW_AFRESH = "overview, computed afresh (Cache-Control: no-cache)";

export type Get = (path: string, headers?: Record<string, string>) => Promise<{ status: number; body: string; ms: number }>;
type Sizes = { small: number; large: number };

const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/** The day n days before today, YYYY-MM-DD (UTC). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A GET that fails after 60 s instead of waiting for ever. */
async function bounded(get: Get, path: string, headers?: Record<string, string>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`GET ${path}: no answer in 60 s`)), 60_000)),
  );
  try {
    return await Promise.race([get(path, headers), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function samples(
  get: Get,
  path: string,
  count = SAMPLES,
  headers?: Record<string, string>,
): Promise<{ p50: number; p99: number }> {
  const first = await bounded(get, path, headers); // warm: the route compiled, the plan cached
  if (first.status !== 200) throw new Error(`GET ${path} → ${first.status} ${first.body.slice(0, 200)}`);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await bounded(get, path, headers)).ms);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * Request log rows up to `target` for the tenant: a third its dashboard's upstream calls, the rest
 * its sandbox client's. The first 10 000 fill the last week, one a minute; the rest are older
 * (spread over the three weeks before), so the errors view's windows hold the same rows at either
 * size and what grows is the history every list and grouping must not read.
 */
async function seedRequestLogs(client: pg.Client, tenantId: string, clientKey: string, from: number, target: number) {
  await client.query(
    `INSERT INTO request_logs (created_at, source, tenant_id, client_key, method, path, route, status, error_code,
       duration_ms, request_headers, response_headers)
     SELECT CASE WHEN i <= 10000 THEN now() - i * interval '1 minute'
                 ELSE now() - interval '7 days' - (i - 10000) * (interval '21 days' / GREATEST($4::int - 10000, 1)) END,
       CASE WHEN i % 3 = 0 THEN 'upstream' ELSE 'sandbox' END, CASE WHEN i % 3 = 0 THEN $1::uuid END,
       CASE WHEN i % 3 <> 0 THEN $2 END, (ARRAY['GET','POST','PATCH'])[i % 3 + 1], '/v1/orders/' || md5(i::text), '/v1/orders/{id}',
       (ARRAY[200, 201, 200, 400, 404])[i % 5 + 1], (ARRAY[NULL, NULL, NULL, 'invalid_signature', 'not_found'])[i % 5 + 1],
       i % 100, '{}'::jsonb, '{}'::jsonb
     FROM generate_series($3::int + 1, $4::int) i`,
    [tenantId, clientKey, from, target],
  );
}

/** The requests timed at each size; their paths are chosen from the data as it is then. */
/** A request timed: its label, path and any headers. */
type Timed = [label: string, path: string, headers?: Record<string, string>];

export async function requests(client: pg.Client, tenantId: string): Promise<Timed[]> {
  const one = async (text: string) => {
    const { rows } = await client.query<{ v: string }>(text, [tenantId]);
    if (!rows[0]) throw new Error(`nothing found for ${text}`);
    return rows[0].v;
  };
  // the newest of each kind, as someone would look up a recent payout
  const txid =
    await one(`SELECT snapshot #>> '{payout,txid}' AS v FROM exchanges WHERE tenant_id = $1 AND snapshot #>> '{payout,txid}' IS NOT NULL
    ORDER BY service_at DESC LIMIT 1`);
  const invoice = await one(`SELECT snapshot #>> '{payout,invoice}' AS v FROM exchanges WHERE tenant_id = $1
    AND snapshot #>> '{payout,invoice}' IS NOT NULL ORDER BY service_at DESC LIMIT 1`);
  const hash = await one(
    `SELECT payment_hash AS v FROM exchanges WHERE tenant_id = $1 AND payment_hash IS NOT NULL ORDER BY service_at DESC LIMIT 1`,
  );
  const address = await one(`SELECT snapshot #>> '{payout_method,bitcoin_address}' AS v FROM orders WHERE tenant_id = $1
    AND snapshot #>> '{payout_method,bitcoin_address}' IS NOT NULL ORDER BY created_on DESC LIMIT 1`);
  const node = await one(`SELECT snapshot #>> '{payout_method,node_pubkey}' AS v FROM orders WHERE tenant_id = $1
    AND snapshot #>> '{payout_method,node_pubkey}' IS NOT NULL ORDER BY created_on DESC LIMIT 1`);
  const reference = await one(`SELECT snapshot #>> '{payment_method,creditor_reference}' AS v FROM orders WHERE tenant_id = $1
    ORDER BY created_on DESC LIMIT 1`);
  const orderId = await one(`SELECT order_id::text AS v FROM exchanges WHERE tenant_id = $1 ORDER BY service_at DESC LIMIT 1`);
  const affiliate = await one(`SELECT affiliate_id::text AS v FROM exchanges WHERE tenant_id = $1 AND affiliate_id IS NOT NULL
    ORDER BY service_at DESC LIMIT 1`);
  // page 500 of 20: the row before it, as next_cursor would name it
  const { rows: deep } = await client.query<{ service_at: Date; id: string }>(
    "SELECT service_at, id FROM exchanges WHERE tenant_id = $1 ORDER BY service_at DESC, id DESC OFFSET 9979 LIMIT 1",
    [tenantId],
  );
  // as the list's next_cursor names it under its default sort (newest first)
  const cursor = deep[0] ? encodeKeyset({ column: "created", descending: true }, [deep[0].service_at.toISOString(), deep[0].id]) : null;
  // the request log past its newest 10 000 rows (of which a third are the tenant's upstream calls)
  const logDepth = await one(
    "SELECT id::text AS v FROM request_logs WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC OFFSET 3333 LIMIT 1",
  );
  const q = encodeURIComponent;
  const year = { from: daysAgo(364), to: daysAgo(0) };
  const month = daysAgo(40).slice(0, 7);
  return [
    ["empty authenticated route (GET /api/settings/time-zone)", "/api/settings/time-zone"],
    ["overview", "/api/overview"],
    // what the first visitor after a change waits for: the six reads, not the kept answer
    [OVERVIEW_AFRESH, "/api/overview", { "cache-control": "no-cache" }],
    ["exchanges, page 1", "/api/exchanges?limit=50"],
    ...(cursor ? ([["exchanges, page 500 (of 20)", `/api/exchanges?limit=20&cursor=${cursor}`]] as [string, string][]) : []),
    ["exchanges ?state=settled", "/api/exchanges?limit=50&state=settled"],
    ["exchanges ?state=interrupted", "/api/exchanges?limit=50&state=interrupted"],
    ["exchanges ?state=refunded", "/api/exchanges?limit=50&state=refunded"],
    ["exchanges ?pair=btc/chf", "/api/exchanges?limit=50&pair=btc/chf"],
    ["exchanges ?type=buy", "/api/exchanges?limit=50&type=buy"],
    ["exchanges ?order_id=", `/api/exchanges?limit=50&order_id=${orderId}`],
    ["attention queue", "/api/exchanges?limit=50&attention=1"],
    ["search: txid", `/api/search?q=${q(txid)}`],
    ["search: address", `/api/search?q=${q(address)}`],
    ["search: payment hash", `/api/search?q=${q(hash)}`],
    ["search: invoice", `/api/search?q=${q(invoice)}`],
    ["search: node key", `/api/search?q=${q(node)}`],
    ["search: creditor reference", `/api/search?q=${q(reference)}`],
    ["webhook events", "/api/webhook-events?limit=50"],
    ["request logs, page 1", "/api/request-logs?limit=50"],
    ["request logs, past 10 000 rows", `/api/request-logs?limit=50&before=${logDepth}`],
    ["request logs ?status=4xx", "/api/request-logs?limit=50&status=4xx"],
    ["request logs ?error_code=not_found", "/api/request-logs?limit=50&error_code=not_found"],
    ["request log errors, 24 hours", "/api/request-logs/errors?window=24h"],
    ["request log errors, 7 days", "/api/request-logs/errors?window=7d"],
    ["audit", "/api/audit?limit=50"],
    ...(["agreement", "currency", "pair", "month"].map((group) => [
      `earnings, a year, group=${group}`,
      `/api/reports/earnings?from=${year.from}&to=${year.to}&group=${group}`,
    ]) as [string, string][]),
    ["monthly statement", `/api/agreements/${affiliate}/statements/${month}`],
  ];
}

/** The export of the newest 10 000 exchanges' days: rows per second and peak memory growth. */
type Exported = { rowsPerSecond: number; peakMb: number; rows: number };

export async function scaleBench(options: {
  databaseUrl: string;
  tenantId: string;
  /** The tenant's sandbox client, as its request log rows are keyed. */
  clientKey: string;
  get: Get;
  exportRun: (path: string) => Promise<{ ms: number; bytes: number; peakGrowthMb: number; body: string }>;
  sizes?: Sizes;
}) {
  const sizes = options.sizes ?? {
    small: Number(process.env.BENCH_SCALE_SMALL ?? 10_000),
    large: Number(process.env.BENCH_SCALE_LARGE ?? 1_000_000),
  };
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  try {
    const { rows } = await client.query<{ base_url: string; network: NetworkName }>("SELECT base_url, network FROM tenants WHERE id = $1", [
      options.tenantId,
    ]);
    const tenant = { id: options.tenantId, baseUrl: rows[0]?.base_url ?? "", network: rows[0]?.network ?? "testnet" };
    const figures = new Map<string, { small?: { p50: number; p99: number }; large?: { p50: number; p99: number } }>();
    const exports: { small?: Exported; large?: Exported } = {};
    const seeded = { count: 0, seconds: 0 };
    for (const size of ["small", "large"] as const) {
      const target = sizes[size];
      const started = Date.now();
      let shown = 0;
      await seedVolume(db, tenant, {
        exchanges: target - seeded.count,
        auditRows: target - seeded.count,
        seed: size === "small" ? 1 : 2,
        onProgress: ({ step, done, total }) => {
          if (done < total && Date.now() - shown < 15_000) return;
          shown = Date.now();
          console.log(
            `   seeding ${step}: ${done.toLocaleString("en")} of ` +
              `${total.toLocaleString("en")} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        },
      });
      await seedRequestLogs(client, options.tenantId, options.clientKey, seeded.count, target);
      if (size === "large") seeded.seconds = (Date.now() - started) / 1000;
      seeded.count = target;
      // what autovacuum keeps up in production between the writes and the reads. The two small
      // tables every exchange written updates (daily and monthly figures, agreement counts) are compacted:
      // a million writes in minutes leave them a hundred times their live size, which a year of
      // the same writes under autovacuum does not
      await client.query("VACUUM FULL exchange_rollups, exchange_rollups_monthly, affiliate_usage");
      await client.query("VACUUM ANALYZE");
      for (const [label, path, headers] of await requests(client, options.tenantId)) {
        if (process.env.BENCH_VERBOSE) console.log(`   ${size}: ${label}`);
        const entry = figures.get(label) ?? {};
        const heavy = label.startsWith("earnings") || label.startsWith("overview");
        entry[size] = await samples(options.get, path, heavy ? Math.ceil(SAMPLES / 2) : SAMPLES, headers);
        figures.set(label, entry);
      }
      // the export of the newest ~10 000 exchanges' days, at either size
      const { rows: window } = await client.query<{ day: string }>(
        `SELECT to_char(service_at, 'YYYY-MM-DD') AS day FROM exchanges ` +
          `WHERE tenant_id = $1 ORDER BY service_at DESC OFFSET 9999 LIMIT 1`,
        [options.tenantId],
      );
      const from = window[0]?.day ?? "2000-01-01";
      const run = await options.exportRun(`/api/exchanges/export.csv?from=${from}&to=${daysAgo(-1)}`);
      const lines = run.body.split("\n").filter(Boolean).length - 1;
      exports[size] = { rowsPerSecond: lines / (run.ms / 1000), peakMb: run.peakGrowthMb, rows: lines };
    }
    const { rows: space } = await client.query<{ table: string; bytes: string }>(
      `SELECT relname AS table, pg_total_relation_size(oid)::text AS bytes FROM pg_class
       WHERE relname IN ('exchanges', 'orders', 'webhook_events', 'audit_log', 'exchange_rollups', 'exchange_rollups_monthly',
         'request_logs') ORDER BY 1`,
    );
    report(figures, exports, sizes, seeded, space);
  } finally {
    await client.end();
    await pool.end();
  }
}

function report(
  figures: Map<string, { small?: { p50: number; p99: number }; large?: { p50: number; p99: number } }>,
  exports: { small?: Exported; large?: Exported },
  sizes: Sizes,
  seeded: { seconds: number },
  space: { table: string; bytes: string }[],
) {
  const k = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
  const f = (v: number | undefined) => (v === undefined ? "-" : v.toFixed(1).padStart(7));
  console.log(
    `\n8. data at scale (PostgreSQL): ${k(sizes.small)} then ${k(sizes.large)} ` +
      `exchanges in one tenant, five webhook events, one audit row and one request log row each; ` +
      `the second size seeded in ${seeded.seconds.toFixed(0)} s (npm run admin -- demo seed)`,
  );
  console.log(
    `   ${"request".padEnd(48)} ${k(sizes.small).padStart(7)} p50 ${"p99".padStart(7)} ` +
      `| ${k(sizes.large).padStart(5)} p50 ${"p99".padStart(7)} | ratio  target ≤ 1.5`,
  );
  const empty = figures.get("empty authenticated route (GET /api/settings/time-zone)")?.large?.p50 ?? NaN;
  for (const [label, entry] of figures) {
    const ratio = Math.max((entry.large?.p50 ?? NaN) / (entry.small?.p50 ?? NaN), (entry.large?.p99 ?? NaN) / (entry.small?.p99 ?? NaN));
    console.log(
      `   ${label.padEnd(48)} ${f(entry.small?.p50)} ${f(entry.small?.p99)} | ${f(entry.large?.p50)} ` +
        `${f(entry.large?.p99)} | ${ratio.toFixed(2).padStart(5)}  ${verdict(ratio <= 1.5)}`,
    );
  }
  for (const label of ["overview", "earnings, a year, group=agreement", "earnings, a year, group=month"]) {
    const r = (figures.get(label)?.large?.p50 ?? NaN) / empty;
    console.log(
      `   ${label} at ${k(sizes.large)} against the empty authenticated route, p50: ${r.toFixed(2)}   target ≤ 3: ${verdict(r <= 3)}`,
    );
  }
  const afresh = (figures.get(OVERVIEW_AFRESH)?.large?.p50 ?? NaN) / empty;
  console.log(`   ${OVERVIEW_AFRESH} at ${k(sizes.large)} against the empty route, p50: ${afresh.toFixed(2)} (no target: once per change)`);
  const [small, large] = [exports.small, exports.large];
  if (small && large) {
    const rate = large.rowsPerSecond / small.rowsPerSecond;
    console.log(
      `   export of the newest ${large.rows} rows: ${small.rowsPerSecond.toFixed(0)} rows/s ` +
        `at ${k(sizes.small)}, ${large.rowsPerSecond.toFixed(0)} at ${k(sizes.large)} ` +
        `(ratio ${rate.toFixed(2)}, target ≥ 0.67: ${verdict(rate >= 0.67)}); peak memory growth ${small.peakMb.toFixed(1)} MB and ` +
        `${large.peakMb.toFixed(1)} MB (target < 64 MB and within 1.5×: ` +
        `${verdict(large.peakMb < 64 && large.peakMb <= Math.max(8, small.peakMb * 1.5))})`,
    );
  }
  console.log(`   space at ${k(sizes.large)}: ` + space.map((s) => `${s.table} ${(Number(s.bytes) / 1024 ** 2).toFixed(0)} MB`).join(", "));
}

export async function scaleSection(app: RunningApp, databaseUrl: string, cookie: string) {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const reply = await send(`${app.baseUrl}${path}`, { headers: { ...headers, cookie } });
    return { ...reply, ms: performance.now() - started };
  };
  await scaleBench({
    databaseUrl,
    tenantId: await tenantIdOf(app, cookie),
    clientKey: clientKeyOf(secrets.SANDBOX_DEMO_CLIENT_ID),
    get,
    exportRun: (path) => streamed(app, `${app.baseUrl}${path}`, cookie),
  });
}
