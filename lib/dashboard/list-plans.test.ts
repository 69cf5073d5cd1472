import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import { exchangeRows, listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { listOrders, orderRows } from "@/lib/dashboard/orders/list-orders";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { listWebhookEvents } from "@/lib/dashboard/webhooks/list-events";
import { listAudit } from "@/lib/dashboard/audit/list-audit";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { listDeliveries } from "@/lib/dashboard/forwarding/deliveries";
import { listNotifications } from "@/lib/dashboard/notifications/inbox";
import { listRequestLogs, requestLogDetail } from "@/lib/dashboard/request-log/list-logs";
import { requestLogErrors } from "@/lib/dashboard/request-log/error-groups";
import type { LogViewer } from "@/lib/dashboard/request-log/viewer";
import { LIST_TABLES, nodes, seedRequestLogs, seedSideTables, type PlanNode } from "@/tests/plans";

// Every list and each of its filters reads its table through an index that also gives its order,
// so that page 500 costs what page 1 does (keyset pagination over an ordered index): each query
// the list functions send is captured, and its plan (EXPLAIN, FORMAT JSON, with thousands of rows
// analysed and sequential scans priced out) may hold no sequential scan of a large table and no
// sort of its rows.

const LARGE = [...LIST_TABLES, "forwarding_attempts"];
const captured: { sql: string; params: unknown[] }[] = [];
let client: PGlite;
let db: Db;
const tenantId = randomUUID();
const endpointId = randomUUID();
const userId = randomUUID();
const user = { id: userId, timeZone: "Europe/Berlin" };
/** Every `sort` of a list: each column, ascending and descending. */
const sortValues = <C extends string>(columns: readonly C[]) => columns.flatMap((c) => [c, `-${c}`] as const);

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle({ client, schema, logger: { logQuery: (sql, params) => void captured.push({ sql, params }) } }) as unknown as Db;
  await migrate({ db, exec: async (sql: string) => void (await client.exec(sql)) } as Database);
  const seed = async (text: string) => void (await client.query(text, [tenantId]));
  await seed(`INSERT INTO tenants (id, name, base_url, client_id_enc, webhook_secret_enc, webhook_endpoint_id, is_default, created_at)
    VALUES ($1::uuid, 'T', 'http://plans.test', 'x', 'x', $1::text, false, now())`);
  await seed(`INSERT INTO orders (id, tenant_id, snapshot, active, currency, payout_kind, created_on, fetched_at)
    SELECT gen_random_uuid(), $1, '{}'::jsonb, i % 3 <> 0, (ARRAY['eur','chf','gbp'])[i % 3 + 1], (ARRAY['coin','lightning'])[i % 2 + 1],
      now() - i * interval '1 minute', now() FROM generate_series(1, 5000) i`);
  await seed(`INSERT INTO exchanges (id, tenant_id, order_id, state, pair, type, first_seen_at, snapshot)
    SELECT gen_random_uuid(), $1, gen_random_uuid(), (ARRAY['executed','interrupted','refunded','settled'])[i % 4 + 1],
      (ARRAY['btc/eur','btc/chf'])[i % 2 + 1], (ARRAY['buy','sell'])[i % 2 + 1], now() - i * interval '1 minute', '{}'::jsonb
    FROM generate_series(1, 5000) i`);
  await seed(`INSERT INTO webhook_events (tenant_id, seq, body_sha256, raw_body, event_type, exchange_id, received_at)
    SELECT $1, i, md5(i::text), '{}', (ARRAY['exchange.executed','exchange.settled'])[i % 2 + 1], gen_random_uuid(),
      now() - i * interval '1 minute' FROM generate_series(1, 5000) i`);
  await seed(`INSERT INTO audit_log (tenant_id, user_id, user_email, action, result, request_id, at)
    SELECT $1, CASE WHEN i % 7 = 0 THEN '${userId}'::uuid ELSE gen_random_uuid() END,
      'a' || (i % 7) || '@example.com', (ARRAY['orders.create','team.add'])[i % 2 + 1], (ARRAY['ok','forbidden'])[i % 2 + 1],
      md5(i::text), now() FROM generate_series(1, 5000) i`);
  await seedSideTables((text, params) => client.query(text, params), { tenantId, userId, endpointId }, 5000);
  // request logs: the tenant's upstream calls and its sandbox client's, and another client's, over three weeks
  await seedRequestLogs((text, params) => client.query(text, params), { tenantId, userId: tenantId }, 15_000);
  await client.exec(`ANALYZE; SET enable_seqscan = off`);
}, 120_000);

/** The plans of every query `run` sends. */
async function plansOf(run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  const queries = captured.splice(0);
  const plans: PlanNode[][] = [];
  for (const query of queries) {
    const result = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
    const raw = result.rows[0]?.["QUERY PLAN"];
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    plans.push(nodes(parsed[0].Plan));
  }
  return plans;
}

function expectIndexedAndOrdered(name: string, plans: PlanNode[][]) {
  const readsLarge = (plan: PlanNode[]) => plan.filter((n) => n["Relation Name"] && LARGE.includes(n["Relation Name"]));
  expect(plans.filter((plan) => readsLarge(plan).length > 0).length, `${name} reads a large table`).toBeGreaterThan(0);
  for (const plan of plans) {
    const large = readsLarge(plan);
    expect(
      large.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]),
      `${name}: sequential scans`,
    ).toEqual([]);
    const sorts = plan.filter((n) => n["Node Type"] === "Sort" || n["Node Type"] === "Incremental Sort");
    expect(
      sorts.length,
      `${name}: sorts in ${JSON.stringify(plan.map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"]]))}`,
    ).toBe(0);
  }
}

const tenant = () => ({ id: tenantId, timeZone: "Europe/Berlin" }) as Tenant;
const scope = { id: tenantId, timeZone: "Europe/Berlin" };
const cursorOf = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;

describe("every list reads an index in its own order, at any depth", () => {
  it("exchanges, with each filter", async () => {
    const first = await exchangeRows(db, tenantId, { limit: 50 });
    const cursor = cursorOf(first);
    for (const [name, query] of [
      ["unfiltered", { limit: 50 }],
      ["deep", { limit: 50, cursor }],
      ["state", { limit: 50, state: "interrupted" as const, cursor }],
      ["pair", { limit: 50, pair: "btc/chf" as const, cursor }],
      ["type", { limit: 50, type: "sell" as const, cursor }],
      ["order", { limit: 50, order_id: randomUUID() }],
    ] as const) {
      expectIndexedAndOrdered(`exchanges ${name}`, await plansOf(() => exchangeRows(db, tenantId, query)));
    }
    // each sort, either way, at depth, with its count; a range of days with the default sort
    for (const sort of sortValues(sortColumns.exchanges)) {
      const cursor = cursorOf(await listExchanges(db, scope, { limit: 50, sort }));
      expectIndexedAndOrdered(`exchanges sort=${sort}`, await plansOf(() => listExchanges(db, scope, { limit: 50, sort, cursor })));
    }
    for (const range of ["today", "7d", "month"] as const) {
      expectIndexedAndOrdered(`exchanges range=${range}`, await plansOf(() => listExchanges(db, scope, { limit: 50, range })));
    }
    // the attention queue: its rules read each exchange's webhooks by the (tenant, exchange) index
    const clocks = { now: new Date(), serviceNow: new Date() };
    expectIndexedAndOrdered(
      "exchanges attention",
      await plansOf(() => exchangeRows(db, tenantId, { limit: 50, attention: "1", cursor }, clocks)),
    );
  });

  it("orders, with each filter", async () => {
    const cursor = cursorOf(await orderRows(db, tenantId, { limit: 50 }));
    for (const [name, query] of [
      ["unfiltered", { limit: 50 }],
      ["deep", { limit: 50, cursor }],
      ["active", { limit: 50, active: "false" as const, cursor }],
      ["currency", { limit: 50, currency: "gbp" as const, cursor }],
      ["payout kind", { limit: 50, payout_kind: "lightning" as const, cursor }],
    ] as const) {
      expectIndexedAndOrdered(`orders ${name}`, await plansOf(() => orderRows(db, tenantId, query)));
    }
    for (const sort of sortValues(sortColumns.orders)) {
      const cursor = cursorOf(await listOrders(db, scope, { limit: 50, sort }));
      expectIndexedAndOrdered(`orders sort=${sort}`, await plansOf(() => listOrders(db, scope, { limit: 50, sort, cursor })));
      expectIndexedAndOrdered(`orders sort=${sort} 7d`, await plansOf(() => listOrders(db, scope, { limit: 50, sort, range: "7d" })));
    }
  });

  it("webhook events, the audit log, sign-ins, deliveries and notifications", async () => {
    for (const [name, run] of [
      ["events", () => listWebhookEvents(db, scope, { limit: 50, before: 2500 })],
      ["events oldest first", () => listWebhookEvents(db, scope, { limit: 50, after: 2500, sort: "created" })],
      ["events of 7 days", () => listWebhookEvents(db, scope, { limit: 50, range: "7d" })],
      ["events of a type", () => listWebhookEvents(db, scope, { limit: 50, type: "exchange.settled", before: 2500 })],
      ["events of an exchange", () => listWebhookEvents(db, scope, { limit: 50, exchange_id: randomUUID() })],
      ["audit", () => listAudit(db, tenantId, { limit: 50, before: 2500 })],
      ["audit by result", () => listAudit(db, tenantId, { limit: 50, result: "failed", before: 2500 })],
      ["audit by person", () => listAudit(db, tenantId, { limit: 50, actor: userId, before: 2500 })],
      ["audit by person's email", () => listAudit(db, tenantId, { limit: 50, actor: "a3@example.com" })],
      ["audit by action", () => listAudit(db, tenantId, { limit: 50, action: "team.add", before: 2500 })],
      ["audit by area", () => listAudit(db, tenantId, { limit: 50, action: "orders." })],
      ["audit of 7 days", () => listAudit(db, tenantId, { limit: 50, range: "7d" }, "Europe/Zurich")],
      // the rows here are all of today: a range without them is planned (rightly) as a read of the day index and a sort of nothing
      ["audit of chosen days", () => listAudit(db, tenantId, { limit: 50, from: "2026-01-01" }, "Europe/Zurich")],
      ["audit, every filter", () => listAudit(db, tenantId, { limit: 50, actor: userId, action: "team.add", range: "30d", result: "ok" })],
      ["sign-ins", () => listSignIns(db, tenantId, { limit: 50, before: 2500 })],
      ["deliveries", () => listDeliveries(db, tenant(), endpointId, { limit: 25 })],
      ["failed deliveries", () => listDeliveries(db, tenant(), endpointId, { limit: 25, status: "failed" })],
      ["deliveries by state", () => listDeliveries(db, tenant(), endpointId, { limit: 25, sort: "-state" })],
      ["deliveries by state, ascending", () => listDeliveries(db, tenant(), endpointId, { limit: 25, sort: "state" })],
      ["deliveries oldest first, 30 days", () => listDeliveries(db, tenant(), endpointId, { limit: 25, sort: "created", range: "30d" })],
      ["notifications", () => listNotifications(db, user, { limit: 50, before: new Date(Date.now() - 3_600_000).toISOString() })],
      ["notifications oldest first", () => listNotifications(db, user, { limit: 50, sort: "created" })],
      ["notifications of today", () => listNotifications(db, user, { limit: 50, range: "today" })],
      ["unread notifications", () => listNotifications(db, user, { limit: 50, unread: "1" })],
    ] as const) {
      const plans = await plansOf(run as () => Promise<unknown>);
      // deliveries also read their endpoint (by its key) and their attempts (by job): every one of them is checked
      expectIndexedAndOrdered(name, plans);
    }
  });

  it("request logs: each filter, at depth, a tenant's two kinds of rows, the operator's, one row and the errors grouping", async () => {
    const viewer: LogViewer = { kind: "tenant", tenantId, clientKey: "plans-client", bodies: true };
    const operator: LogViewer = { kind: "operator", clientKey: null, bodies: true };
    const page = (query: Record<string, unknown>) => ({ limit: 50, ...query });
    for (const [name, run] of [
      ["logs", () => listRequestLogs(db, viewer, page({}))],
      ["logs at depth", () => listRequestLogs(db, viewer, page({ before: 7500 }))],
      ["logs of the dashboard only", () => listRequestLogs(db, viewer, page({ source: "dashboard", before: 7500 }))],
      ["logs of the integration only", () => listRequestLogs(db, viewer, page({ source: "integration" }))],
      ["logs 4xx", () => listRequestLogs(db, viewer, page({ status: "4xx", before: 7500 }))],
      ["logs by method", () => listRequestLogs(db, viewer, page({ method: "PATCH" }))],
      ["logs by path", () => listRequestLogs(db, viewer, page({ path: "/v1/orders/12" }))],
      ["logs by error code", () => listRequestLogs(db, viewer, page({ error_code: "invalid_signature" }))],
      ["logs by member", () => listRequestLogs(db, viewer, page({ user_id: tenantId }))],
      ["logs of a day", () => listRequestLogs(db, viewer, page({ since: new Date(Date.now() - 86_400_000).toISOString() }))],
      ["operator logs", () => listRequestLogs(db, operator, page({ before: 7500 }))],
      ["operator logs of a client", () => listRequestLogs(db, { ...operator, clientKey: "other-client" }, page({ status: "5xx" }))],
      ["operator logs of the dashboards", () => listRequestLogs(db, operator, page({ source: "dashboard" }))],
      ["operator logs of the integrations", () => listRequestLogs(db, operator, page({ source: "integration", before: 7500 }))],
      ["one row", () => requestLogDetail(db, viewer, 3)],
    ] as const) {
      expectIndexedAndOrdered(name, await plansOf(run as () => Promise<unknown>));
    }
    // the grouping reads only the window, by each key's (key, created_at) index; it may sort what it groups
    for (const window of ["24h", "7d"] as const) {
      for (const plan of await plansOf(() => requestLogErrors(db, viewer, { window }))) {
        const reads = plan.filter((n) => n["Relation Name"] === "request_logs" || n["Index Name"]?.startsWith("request_logs"));
        expect(
          reads.filter((n) => n["Node Type"] === "Seq Scan"),
          `errors of ${window}: sequential scans`,
        ).toEqual([]);
        expect(
          reads.every(
            (n) =>
              n["Node Type"] === "Bitmap Heap Scan" ||
              /^request_logs_(tenant|client)_created|request_logs_pkey$/.test(n["Index Name"] ?? ""),
          ),
          `errors of ${window}: ${JSON.stringify(plan.map((n) => [n["Node Type"], n["Index Name"]]))}`,
        ).toBe(true);
      }
    }
  });
});
