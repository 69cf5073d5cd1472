import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database, Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { seedVolume } from "@/lib/dashboard/demo/seed-volume";
import { exchangeRows, listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { listOrders, orderRows } from "@/lib/dashboard/orders/list-orders";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { listWebhookEvents } from "@/lib/dashboard/webhooks/list-events";
import { listAudit } from "@/lib/dashboard/audit/list-audit";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { listDeliveries } from "@/lib/dashboard/forwarding/deliveries";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";
import { search } from "@/lib/dashboard/search/search";
import { listPayoutLinks, liveLinks } from "@/lib/dashboard/payout-links/link-list";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { statement, statementMonths } from "@/lib/dashboard/reports/statements";
import { listAgreements } from "@/lib/dashboard/reports/agreements";
import { overview } from "@/lib/dashboard/overview/overview";
import { listRequestLogs, requestLogDetail } from "@/lib/dashboard/request-log/list-logs";
import { requestLogErrors } from "@/lib/dashboard/request-log/error-groups";
import type { LogViewer } from "@/lib/dashboard/request-log/viewer";
import { LIST_TABLES, nodes, seedRequestLogs, seedSideTables, type PlanNode } from "@/tests/plans";

// Every list, search and report query, planned by a real PostgreSQL over a tenant the demo
// generator filled (npm run admin -- demo seed) and with its statistics gathered: no plan may read
// a large table sequentially, the lists read their rows in the order shown (no sort), and the
// reports read the daily figures, not the exchanges. Each query the app's functions send is
// captured and EXPLAINed (FORMAT JSON) with its own parameters.

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error("the plans test runs on PostgreSQL: set TEST_DATABASE_URL (CI does)");

const EXCHANGES = Number(process.env.PLANS_EXCHANGES ?? 30_000);
const REQUEST_LOGS = 60_000;
/** The tables holding more than a few pages of rows here (from the statistics): a sequential scan of one fails. */
let LARGE: string[] = [];
const name = `plans_${randomBytes(6).toString("hex")}`;
const admin = new URL(url);
admin.pathname = "/postgres";
const captured: { sql: string; params: unknown[] }[] = [];
let pool: pg.Pool;
let db: Db;
let tenant: Tenant;
const endpointId = randomUUID();
const userId = randomUUID();
const user = { id: userId, timeZone: "Europe/Zurich" };

async function onServer(text: string) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: own.toString(), max: 4 });
  db = drizzle({ client: pool, schema, logger: { logQuery: (sql, params) => void captured.push({ sql, params }) } }) as unknown as Db;
  await migrate({ db, exec: async (sql: string) => void (await pool.query(sql)) } as Database);
  const id = randomUUID();
  await pool.query(
    `INSERT INTO tenants (id, name, base_url, client_id_enc, webhook_secret_enc, webhook_endpoint_id, is_default, created_at)
     VALUES ($1::uuid, 'T', 'http://plans.test', 'x', 'x', $1::text, false, now())`,
    [id],
  );
  tenant = { id, baseUrl: "http://plans.test", network: "testnet", timeZone: "Europe/Zurich" } as Tenant;
  await seedVolume(db, tenant, { exchanges: EXCHANGES, auditRows: EXCHANGES, eventsPerExchange: 3 });
  await seedSideTables((text, params) => pool.query(text, params), { tenantId: id, userId, endpointId }, 20_000);
  // a request every 20 seconds for two weeks, of the tenant, its sandbox client and another client
  await seedRequestLogs((text, params) => pool.query(text, params), { tenantId: id, userId }, REQUEST_LOGS, 1 / 3);
  await pool.query("ANALYZE");
  const { rows } = await pool.query<{ relname: string }>(
    "SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > 1000",
  );
  // the daily and monthly figures are the reports' source: their number follows the days, months
  // and groups, not the exchanges
  LARGE = rows.map((r) => r.relname).filter((table) => !["exchange_rollups", "exchange_rollups_monthly"].includes(table));
  // the tables this test exists for must be among them
  for (const table of [...LIST_TABLES, "payout_links"]) {
    if (!LARGE.includes(table)) throw new Error(`${table} was not filled`);
  }
}, 600_000);

afterAll(async () => {
  await pool?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** The plans of every query `run` sends. */
async function plansOf(run: () => Promise<unknown>): Promise<PlanNode[][]> {
  captured.length = 0;
  await run();
  const queries = captured.splice(0);
  const plans: PlanNode[][] = [];
  for (const query of queries) {
    if (!/^\s*(select|with)/i.test(query.sql)) continue;
    const result = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
    const plan = result.rows[0]?.["QUERY PLAN"];
    if (!plan) throw new Error(`no plan for ${query.sql}`);
    plans.push(nodes(plan[0].Plan));
  }
  return plans;
}

const shown = (plan: PlanNode[]) => JSON.stringify(plan.map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"]]));
/**
 * A list's count (lib/dashboard/lists/keyset.ts, cappedCount): an aggregate over at most 10 001
 * matching rows, with no sort. Where those rows are most of the table, reading it in storage order
 * until the limit is the cheapest way, and bounded: that scan is allowed there, and only there.
 */
const isCappedCount = (plan: PlanNode[]) =>
  plan[0]?.["Node Type"] === "Aggregate" &&
  plan[1]?.["Node Type"] === "Limit" &&
  !plan.some((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort");
const largeScans = (plans: PlanNode[][]) =>
  plans
    .filter((plan) => !isCappedCount(plan))
    .flatMap((plan) =>
      plan.filter((n) => n["Node Type"] === "Seq Scan" && LARGE.includes(n["Relation Name"] ?? "")).map(() => shown(plan)),
    );

/**
 * No sequential scan of a large table; for a list, no sort either (its index gives the order),
 * unless what it sorts came through the partial index of the attention queue's candidates, which
 * holds only the exchanges a rule can flag (a few, whatever the history).
 */
function expectIndexed(label: string, plans: PlanNode[][], list: boolean) {
  expect(plans.length, `${label}: no query captured`).toBeGreaterThan(0);
  expect(largeScans(plans), `${label}: sequential scans of large tables`).toEqual([]);
  if (!list) return;
  for (const plan of plans) {
    if (plan.some((n) => n["Index Name"] === "exchanges_attention")) continue;
    const reads = plan.some((n) => LARGE.includes(n["Relation Name"] ?? ""));
    const sorts = plan.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort");
    if (reads) expect(sorts.length, `${label}: sorts in ${shown(plan)}`).toBe(0);
  }
}

/** A page after a cursor starts its index walk there: the position is an index condition, not a filter of every row before it. */
function expectWalkFromCursor(label: string, plans: PlanNode[][], column: string) {
  const conditions = plans.flat().map((n) => n["Index Cond"] ?? "");
  expect(
    conditions.some((c) => c.includes(column)),
    `${label}: ${column} is no index condition in ${JSON.stringify(conditions)}`,
  ).toBe(true);
}

const cursorOf = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;
/** Every `sort` of a list: each column, ascending and descending. */
const sortValues = <C extends string>(columns: readonly C[]) => columns.flatMap((c) => [c, `-${c}`] as const);
const clocks = () => ({ now: new Date(), serviceNow: new Date() });

describe(`plans on PostgreSQL over ${EXCHANGES} generated exchanges`, () => {
  it("the exchange and order lists, with each filter, at depth", async () => {
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) cursor = cursorOf(await exchangeRows(db, tenant.id, { limit: 50, cursor }));
    const [order] = (await pool.query<{ order_id: string }>("SELECT order_id FROM exchanges LIMIT 1")).rows;
    for (const [label, query] of [
      ["unfiltered", { limit: 50 }],
      ["page 21", { limit: 50, cursor }],
      ["state", { limit: 50, state: "interrupted" as const, cursor }],
      ["pair", { limit: 50, pair: "btc/chf" as const, cursor }],
      ["type", { limit: 50, type: "buy" as const, cursor }],
      ["order", { limit: 50, order_id: order?.order_id }],
    ] as const) {
      const plans = await plansOf(() => exchangeRows(db, tenant.id, query));
      expectIndexed(`exchanges ${label}`, plans, true);
      if ("cursor" in query) expectWalkFromCursor(`exchanges ${label}`, plans, "service_at");
    }
    // the operator console's exchanges of every tenant, newest first, at depth
    const everyTenant = cursorOf(await exchangeRows(db, null, { limit: 50 }));
    for (const [label, query] of [
      ["console", { limit: 50 }],
      ["console at depth", { limit: 50, cursor: everyTenant }],
    ] as const) {
      const plans = await plansOf(() => exchangeRows(db, null, query));
      expectIndexed(label, plans, true);
      if ("cursor" in query) expectWalkFromCursor(label, plans, "service_at");
    }
    expectIndexed(
      "attention queue",
      await plansOf(() => exchangeRows(db, tenant.id, { limit: 50, attention: "1", cursor }, clocks())),
      true,
    );
    // each sort either way at depth (the walk starts at the cursor's keys), with its capped count; ranges of days
    for (const sort of sortValues(sortColumns.exchanges)) {
      let deep: string | undefined;
      for (let page = 0; page < 5; page++) deep = cursorOf(await listExchanges(db, tenant, { limit: 50, sort, cursor: deep }));
      const plans = await plansOf(() => listExchanges(db, tenant, { limit: 50, sort, cursor: deep }));
      expectIndexed(`exchanges sort=${sort}`, plans, true);
      expectWalkFromCursor(`exchanges sort=${sort}`, plans, "id");
    }
    for (const range of ["today", "7d", "30d", "month"] as const) {
      expectIndexed(`exchanges range=${range}`, await plansOf(() => listExchanges(db, tenant, { limit: 50, range })), true);
    }
    for (const sort of sortValues(sortColumns.orders)) {
      const deep = cursorOf(await listOrders(db, tenant, { limit: 50, sort }));
      expectIndexed(`orders sort=${sort}`, await plansOf(() => listOrders(db, tenant, { limit: 50, sort, cursor: deep })), true);
      expectIndexed(`orders sort=${sort} 30d`, await plansOf(() => listOrders(db, tenant, { limit: 50, sort, range: "30d" })), true);
    }
    const orderCursor = cursorOf(await orderRows(db, tenant.id, { limit: 50 }));
    for (const [label, query] of [
      ["unfiltered", { limit: 50 }],
      ["deep", { limit: 50, cursor: orderCursor }],
      ["active", { limit: 50, active: "false" as const, cursor: orderCursor }],
      ["currency", { limit: 50, currency: "gbp" as const }],
      ["payout kind", { limit: 50, payout_kind: "lightning" as const }],
    ] as const) {
      const plans = await plansOf(() => orderRows(db, tenant.id, query));
      expectIndexed(`orders ${label}`, plans, true);
      if ("cursor" in query) expectWalkFromCursor(`orders ${label}`, plans, "created_on");
    }
  });

  it("events, audit, sign-ins, deliveries and notifications", async () => {
    const [middle] = (await pool.query<{ seq: number }>("SELECT (max(seq) / 2)::int AS seq FROM webhook_events")).rows;
    const [exchange] = (await pool.query<{ id: string }>("SELECT id FROM exchanges LIMIT 1")).rows;
    const [linked] = (await pool.query<{ exchange_id: string }>("SELECT exchange_id FROM payout_links LIMIT 1")).rows;
    const before = middle?.seq ?? 1;
    for (const [label, run] of [
      ["events", () => listWebhookEvents(db, tenant, { limit: 50 })],
      ["events at depth", () => listWebhookEvents(db, tenant, { limit: 50, before })],
      ["events oldest first at depth", () => listWebhookEvents(db, tenant, { limit: 50, sort: "created", after: before })],
      ["events of 30 days", () => listWebhookEvents(db, tenant, { limit: 50, range: "30d" })],
      ["events of a type", () => listWebhookEvents(db, tenant, { limit: 50, type: "exchange.refunded", before })],
      ["events of an exchange", () => listWebhookEvents(db, tenant, { limit: 50, exchange_id: exchange?.id })],
      ["audit", () => listAudit(db, tenant.id, { limit: 50 })],
      ["audit at depth", () => listAudit(db, tenant.id, { limit: 50, before: EXCHANGES })],
      ["audit by result", () => listAudit(db, tenant.id, { limit: 50, result: "failed" })],
      ["audit by person", () => listAudit(db, tenant.id, { limit: 50, actor: userId })],
      ["audit by person's email", () => listAudit(db, tenant.id, { limit: 50, actor: "staff3@example.com" })],
      ["audit by action", () => listAudit(db, tenant.id, { limit: 50, action: "payout_links.create", before: EXCHANGES })],
      ["audit by area", () => listAudit(db, tenant.id, { limit: 50, action: "orders." })],
      ["audit of 30 days", () => listAudit(db, tenant.id, { limit: 50, range: "30d" }, "Europe/Zurich")],
      ["audit of chosen days", () => listAudit(db, tenant.id, { limit: 50, from: "2026-01-01", to: "2026-01-31" }, "Europe/Zurich")],
      ["sign-ins", () => listSignIns(db, tenant.id, { limit: 50, before: 10_000 })],
      ["deliveries", () => listDeliveries(db, tenant, endpointId, { limit: 25 })],
      ["failed deliveries", () => listDeliveries(db, tenant, endpointId, { limit: 25, status: "failed" })],
      ["deliveries by state", () => listDeliveries(db, tenant, endpointId, { limit: 25, sort: "-state" })],
      ["deliveries by state, ascending", () => listDeliveries(db, tenant, endpointId, { limit: 25, sort: "state" })],
      ["deliveries oldest first", () => listDeliveries(db, tenant, endpointId, { limit: 25, sort: "created", range: "30d" })],
      ["notifications", () => listNotifications(db, user, { limit: 50, before: new Date(Date.now() - 3_600_000).toISOString() })],
      ["notifications oldest first", () => listNotifications(db, user, { limit: 50, sort: "created" })],
      ["notifications of 7 days", () => listNotifications(db, user, { limit: 50, range: "7d" })],
      ["unread notifications", () => listNotifications(db, user, { limit: 50, unread: "1" })],
    ] as const) {
      const plans = await plansOf(run as () => Promise<unknown>);
      expectIndexed(label, plans, true);
      if (label === "events at depth") expectWalkFromCursor(label, plans, "seq");
      if (label === "audit at depth") expectWalkFromCursor(label, plans, "id");
    }
    // an exchange has a handful of payout links, read through its index (sorting those few is no concern)
    for (const [label, run] of [
      ["an exchange's payout links", () => listPayoutLinks(db, tenant.id, linked?.exchange_id ?? "")],
      ["an exchange's live payout links", () => liveLinks(db, tenant.id, linked?.exchange_id ?? "", new Date())],
    ] as const) {
      const plans = await plansOf(run);
      expectIndexed(label, plans, false);
      expect(
        plans.flat().some((n) => n["Index Name"] === "payout_links_exchange"),
        `${label} reads payout_links_exchange`,
      ).toBe(true);
    }
  });

  it("request logs: each filter, at depth, a tenant's two kinds of rows, the operator's, one row and the errors grouped", async () => {
    const viewer: LogViewer = { kind: "tenant", tenantId: tenant.id, clientKey: "plans-client", bodies: true };
    const operator: LogViewer = { kind: "operator", clientKey: null, bodies: true };
    const [middle] = (await pool.query<{ id: number }>("SELECT (max(id) / 2)::int AS id FROM request_logs")).rows;
    const before = middle?.id ?? 1;
    const page = (query: Record<string, unknown>) => ({ limit: 50, ...query }) as Parameters<typeof listRequestLogs>[2];
    for (const [label, run] of [
      ["logs", () => listRequestLogs(db, viewer, page({}))],
      ["logs at depth", () => listRequestLogs(db, viewer, page({ before }))],
      ["logs of the dashboard only", () => listRequestLogs(db, viewer, page({ source: "dashboard", before }))],
      ["logs of the integration only", () => listRequestLogs(db, viewer, page({ source: "integration" }))],
      ["logs 4xx", () => listRequestLogs(db, viewer, page({ status: "4xx", before }))],
      ["logs by method", () => listRequestLogs(db, viewer, page({ method: "PATCH" }))],
      ["logs by path", () => listRequestLogs(db, viewer, page({ path: "/v1/orders/12" }))],
      ["logs by error code", () => listRequestLogs(db, viewer, page({ error_code: "invalid_signature" }))],
      ["logs by member", () => listRequestLogs(db, viewer, page({ user_id: userId }))],
      ["logs of a day", () => listRequestLogs(db, viewer, page({ since: new Date(Date.now() - 86_400_000).toISOString() }))],
      ["operator logs", () => listRequestLogs(db, operator, page({ before }))],
      ["operator logs of a client", () => listRequestLogs(db, { ...operator, clientKey: "other-client" }, page({ status: "5xx" }))],
      ["one row", () => requestLogDetail(db, viewer, 3)],
    ] as const) {
      const plans = await plansOf(run as () => Promise<unknown>);
      expectIndexed(label, plans, true);
      if (label === "logs at depth") expectWalkFromCursor(label, plans, "created_at");
    }
    // the grouping reads only the window through each key's (key, created_at) index; it may sort what it groups
    for (const window of ["24h", "7d"] as const) {
      const plans = await plansOf(() => requestLogErrors(db, viewer, { window }));
      expectIndexed(`errors of ${window}`, plans, false);
      const reads = plans.flat().filter((n) => n["Relation Name"] === "request_logs" || n["Index Name"]?.startsWith("request_logs"));
      expect(reads.length, `errors of ${window} read request_logs`).toBeGreaterThan(0);
    }
  });

  it("every kind of search", async () => {
    const one = async (text: string) => (await pool.query<{ v: string }>(text)).rows[0]?.v ?? "";
    const values = {
      txid: await one("SELECT snapshot #>> '{payout,txid}' AS v FROM exchanges WHERE snapshot #>> '{payout,txid}' IS NOT NULL LIMIT 1"),
      invoice: await one(
        "SELECT snapshot #>> '{payout,invoice}' AS v FROM exchanges WHERE snapshot #>> '{payout,invoice}' IS NOT NULL LIMIT 1",
      ),
      "payment hash": await one("SELECT payment_hash AS v FROM exchanges WHERE payment_hash IS NOT NULL LIMIT 1"),
      address: await one(
        "SELECT snapshot #>> '{payout_method,bitcoin_address}' AS v FROM orders " +
          "WHERE snapshot #>> '{payout_method,bitcoin_address}' IS NOT NULL LIMIT 1",
      ),
      "node key": await one(
        "SELECT snapshot #>> '{payout_method,node_pubkey}' AS v FROM orders " +
          "WHERE snapshot #>> '{payout_method,node_pubkey}' IS NOT NULL LIMIT 1",
      ),
      "creditor reference": await one("SELECT snapshot #>> '{payment_method,creditor_reference}' AS v FROM orders LIMIT 1"),
      "exchange id": await one("SELECT id::text AS v FROM exchanges LIMIT 1"),
    };
    for (const [label, value] of Object.entries(values)) {
      expect(value, `a ${label} to search for`).not.toBe("");
      const plans = await plansOf(() => search(db, tenant, value));
      expectIndexed(`search by ${label}`, plans, false);
      const reads = plans
        .flat()
        .filter((n) => ["exchanges", "orders"].includes(n["Relation Name"] ?? ""))
        .map((n) => n["Index Name"]);
      expect(reads.length, `search by ${label} reads exchanges or orders`).toBeGreaterThan(0);
    }
  });

  it("reports, statements and the overview read the daily figures", async () => {
    const year = { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
    for (const group of ["agreement", "currency", "pair", "month"] as const) {
      const plans = await plansOf(() => earningsReport(db, tenant.id, tenant.timeZone, { ...year, group }));
      expectIndexed(`earnings by ${group}`, plans, false);
      expect(plans.flat().filter((n) => n["Relation Name"] === "exchanges").length, `earnings by ${group} reads exchanges`).toBe(0);
      const months = plans.flat().filter((n) => n["Relation Name"] === "exchange_rollups_monthly");
      expect(months.length, `earnings by ${group} over a year reads the monthly figures`).toBeGreaterThan(0);
    }
    const [affiliate] = (
      await pool.query<{ id: string }>("SELECT affiliate_id::text AS id FROM exchanges WHERE affiliate_id IS NOT NULL LIMIT 1")
    ).rows;
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
    expectIndexed("a monthly statement", await plansOf(() => statement(db, tenant.id, tenant.timeZone, affiliate?.id ?? "", month)), false);
    expectIndexed("statement months", await plansOf(() => statementMonths(db, tenant.id, year)), false);
    expectIndexed("agreements", await plansOf(() => listAgreements(db, tenant.id, tenant.timeZone, new Date())), false);
    const plans = await plansOf(() => overview(db, tenant, new Date()));
    expectIndexed("the overview", plans, false);
  });
});
