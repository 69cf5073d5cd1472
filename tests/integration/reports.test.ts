import { beforeAll, describe, expect, it } from "vitest";
import { exchangePageSchema, orderPageSchema, overviewSchema } from "@/lib/dashboard/contract/dashboard-api";
import {
  affiliatePayoutSchema,
  agreementSchema,
  agreementsSchema,
  earningsReportSchema,
  statementSchema,
} from "@/lib/dashboard/contract/reports-api";
import { orderSchema } from "@/lib/service-api/schemas";
import { errorCode, OperatorApi, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import {
  cents,
  dayOf,
  indexed,
  download as downloadAs,
  tenantOfItsOwn,
  earning,
  expectedRows,
  money,
  reported,
  TIME_ZONE,
  type Case,
} from "./harness/earnings";

// Affiliate earnings of a tenant of its own, driven through the sandbox: two currencies, two
// agreements, a share that changes between two days, a refund, an identification that stays
// interrupted, and an order whose affiliate_id is patched after its first exchange. Every figure
// the dashboard reports is recomputed here from the exchanges' own figures (GET /v1/exchanges).

const op = new OperatorApi();
let operator: DashboardSession;
let admin: DashboardSession;
let tenant: Pick<DashboardSession, "request">;
let agreements: [string, string];
let upstream: Awaited<ReturnType<OperatorApi["createClient"]>>["api"];

const cases: Case[] = [];

/** The exchange as the service reports it to its client. */
const exchangeOf = (exchangeId: string) => upstream.exchange(exchangeId);

async function pay(orderId: string, amount: number, currency: string, outcome?: string) {
  const paid = await op.pay({ order_id: orderId, amount, currency, ...(outcome ? { outcome } : {}) });
  await indexed(tenant, op, paid.exchange_id, paid.state);
  return exchangeOf(paid.exchange_id);
}

beforeAll(async () => {
  ({ operator, admin, agreements, upstream } = await tenantOfItsOwn(op));
  tenant = admin;

  const [first, second] = agreements;
  const eurOrder = await createOrderVia(tenant, "eur", { affiliate_id: first });
  const chfOrder = await createOrderVia(tenant, "chf", { affiliate_id: second, fee_rate: 0.031 });
  const movedOrder = await createOrderVia(tenant, "eur", { affiliate_id: first, fee_rate: 0.0175 });

  // day one
  cases.push({ exchange: await pay(eurOrder.id, 100.37, "eur"), agreement: first });
  cases.push({ exchange: await pay(eurOrder.id, 250, "eur"), agreement: first });
  cases.push({ exchange: await pay(chfOrder.id, 333.33, "chf"), agreement: second });
  cases.push({ exchange: await pay(movedOrder.id, 120.1, "eur"), agreement: first });
  await pay(eurOrder.id, 400, "eur", "customer_requested"); // refunded: left out
  const held = await pay(chfOrder.id, 1500, "chf"); // identification: shown apart
  expect(held.action?.code).toBe("identification_required");
  const settled = cases[1]?.exchange.id ?? "";
  await op.drive(settled, { type: "broadcast" });
  await indexed(tenant, op, settled, "settled");

  // the order moves to the other agreement: its earlier exchange stays with the first
  const patched = await tenant.request("PATCH", `/api/orders/${movedOrder.id}`, { affiliate_id: second });
  expect(parse(orderSchema, patched, 200).affiliate_id).toBe(second);

  // two days later, with a new share for the first agreement from that day
  await op.now(2 * 24 * 3600);
  cases.push({ exchange: await pay(eurOrder.id, 75.55, "eur"), agreement: first });
  cases.push({ exchange: await pay(chfOrder.id, 99.99, "chf"), agreement: second });
  cases.push({ exchange: await pay(movedOrder.id, 80, "eur"), agreement: second });
  for (const c of cases) c.exchange = await exchangeOf(c.exchange.id); // the settled one's latest figures
});

/** The shares: 20 % for the first agreement, 30 % from the second day on; 12.5 % for the second. */
function shareOf(agreement: string, day: string, secondDay: string) {
  if (agreement === agreements[1]) return 12.5;
  return day >= secondDay ? 30 : 20;
}

const expected = (secondDay: string, keyOf: (c: Case) => string) =>
  expectedRows(cases, (agreement, day) => shareOf(agreement, day, secondDay), keyOf);
const download = (path: string) => downloadAs(admin, path);

describe("affiliate earnings", () => {
  let period: { from: string; to: string };
  let secondDay: string;

  beforeAll(async () => {
    const days = cases.map((c) => dayOf(c.exchange.executed_on ?? "")).sort();
    period = { from: days[0] ?? "", to: days[days.length - 1] ?? "" };
    secondDay = dayOf(cases[4]?.exchange.executed_on ?? "");
    expect(secondDay > period.from).toBe(true);
    const [first, second] = agreements;
    const body = {
      label: "Partner A",
      periods: [
        { from: "2020-01-01", share_percent: 20 },
        { from: secondDay, share_percent: 30 },
      ],
    };
    const put = await tenant.request("PUT", `/api/agreements/${first}`, body);
    const saved = parse(agreementSchema, put, 200);
    // today is the service's day as the dashboard knows its clock (X-Service-Time)
    const today = dayOf(put.headers.get("x-service-time") ?? "");
    expect(saved).toMatchObject({ label: "Partner A", share_percent_today: today >= secondDay ? 30 : 20, periods: body.periods });
    const injection = '=HYPERLINK("http://evil.example","x")';
    parse(
      agreementSchema,
      await tenant.request("PUT", `/api/agreements/${second}`, {
        label: injection,
        periods: [{ from: "2020-01-01", share_percent: 12.5 }],
      }),
      200,
    );
  });

  it("records the agreement of each exchange at its execution, whatever the order says later", async () => {
    const listed = parse(agreementsSchema, await tenant.request("GET", "/api/agreements"), 200);
    expect(listed.time_zone).toBe(TIME_ZONE);
    expect(listed.data.map((a) => a.affiliate_id).sort()).toEqual([...agreements].sort());
    const report = parse(
      earningsReportSchema,
      await tenant.request("GET", `/api/reports/earnings?from=${period.from}&to=${period.to}&group=agreement`),
      200,
    );
    expect(reported(report)).toEqual(expected(secondDay, (c) => c.agreement));
    expect(report.rows.find((r) => r.key === agreements[0])?.label).toBe("Partner A");
  });

  it("totals equal sums computed from the exchanges' own figures, to the cent, in every grouping", async () => {
    const groups: [string, (c: Case) => string][] = [
      ["currency", (c) => c.exchange.pair.split("/")[1] ?? ""],
      ["pair", (c) => `${c.exchange.pair} ${c.exchange.type}`],
      ["month", (c) => dayOf(c.exchange.executed_on ?? "").slice(0, 7)],
    ];
    for (const [group, keyOf] of groups) {
      const report = parse(
        earningsReportSchema,
        await tenant.request("GET", `/api/reports/earnings?from=${period.from}&to=${period.to}&group=${group}`),
        200,
      );
      expect(reported(report), group).toEqual(expected(secondDay, keyOf));
      expect(report.refunded).toBe(1);
      const chf = report.totals.find((t) => t.currency === "chf");
      expect(chf?.interrupted).toEqual({ count: 1, volume: "1500.00" });
      const totals = expected(secondDay, (c) => c.exchange.pair.split("/")[1] ?? "");
      expect(
        report.totals.map((t) => ({
          key: `${t.currency}|${t.currency}`,
          count: t.count,
          volume: t.volume,
          bitcoin: t.bitcoin,
          fees: t.fees,
          earnings: t.earnings,
        })),
      ).toEqual(totals);
    }
    // a day outside the period counts nothing
    const before = parse(earningsReportSchema, await tenant.request("GET", "/api/reports/earnings?from=2020-01-01&to=2020-01-31"), 200);
    expect([before.rows, before.refunded]).toEqual([[], 0]);
    const bad = await tenant.request("GET", `/api/reports/earnings?from=${period.to}&to=2020-01-01&group=weekday`);
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
  });

  it("a monthly statement lists the agreement's exchanges, and payouts received reconcile against it", async () => {
    const [first] = agreements;
    const month = period.from.slice(0, 7);
    const statement = parse(statementSchema, await tenant.request("GET", `/api/agreements/${first}/statements/${month}`), 200);
    const mine = cases.filter((c) => c.agreement === first && dayOf(c.exchange.executed_on ?? "").startsWith(month));
    expect(statement.lines.map((l) => l.exchange_id).sort()).toEqual(mine.map((c) => c.exchange.id).sort());
    const earned = mine.reduce(
      (sum, c) => sum + earning(cents(c.exchange.fee ?? 0), shareOf(first, dayOf(c.exchange.executed_on ?? ""), secondDay)),
      0n,
    );
    expect(statement.totals).toEqual([
      expect.objectContaining({ currency: "eur", count: mine.length, earned: money(earned), received: "0.00", difference: money(-earned) }),
    ]);

    const short = money(earned - 100n);
    const recorded = parse(
      affiliatePayoutSchema,
      await tenant.request("POST", `/api/agreements/${first}/payouts`, {
        period: month,
        received_on: period.to,
        amount: short,
        currency: "eur",
        bank_reference: "SEPA 2026-0042",
      }),
      201,
    );
    expect(recorded).toMatchObject({ amount: short, currency: "eur", period: month });
    const flagged = parse(overviewSchema, await tenant.request("GET", "/api/overview"), 200);
    expect(flagged.reconciliation).toEqual([
      expect.objectContaining({
        affiliate_id: first,
        period: month,
        currency: "eur",
        earned: money(earned),
        received: short,
        difference: "-1.00",
      }),
    ]);
    await tenant.request("POST", `/api/agreements/${first}/payouts`, {
      period: month,
      received_on: period.to,
      amount: "1.00",
      currency: "eur",
      bank_reference: "SEPA 2026-0043",
    });
    const after = parse(statementSchema, await tenant.request("GET", `/api/agreements/${first}/statements/${month}`), 200);
    expect(after.totals[0]).toMatchObject({ received: money(earned), difference: "0.00" });
    expect(after.payouts.map((p) => p.bank_reference)).toEqual(["SEPA 2026-0042", "SEPA 2026-0043"]);
    expect(parse(overviewSchema, await tenant.request("GET", "/api/overview"), 200).reconciliation).toEqual([]);

    const invalid = await tenant.request("POST", `/api/agreements/${first}/payouts`, {
      period: "2026-13",
      received_on: "x",
      amount: "-5",
      currency: "usd",
      bank_reference: "",
    });
    expect([invalid.status, errorCode(invalid)]).toEqual([400, "invalid_request"]);
    const csv = await download(`/api/agreements/${first}/statements/${month}.csv`);
    expect(csv.records.map((r) => r.exchange_id).sort()).toEqual(mine.map((c) => c.exchange.id).sort());
  });
});

describe("exports", () => {
  it("the exchange CSV and JSON Lines match the list, filter for filter, in RFC 4180", async () => {
    for (const filter of ["", "state=settled", "pair=btc/chf", "state=refunded"]) {
      const list = parse(exchangePageSchema, await tenant.request("GET", `/api/exchanges?limit=100&${filter}`), 200);
      const csv = await download(`/api/exchanges/export.csv?${filter}`);
      expect(csv.text.split("\r\n")[0]).toMatch(/^id,order_id,state,pair,type,/);
      expect(csv.records.map((r) => [r.id, r.state])).toEqual(list.data.map((e) => [e.id, e.state]));
      for (const e of list.data) {
        const record = csv.records.find((r) => r.id === e.id);
        expect(record?.cost).toBe(e.exchange ? e.exchange.cost.toFixed(2) : "");
        expect(record?.amount_btc).toBe(
          e.exchange?.amount === null || e.exchange?.amount === undefined ? "" : e.exchange.amount.toFixed(8),
        );
      }
      const jsonl = await download(`/api/exchanges/export.jsonl?${filter}`);
      expect(jsonl.records.map((r) => r.id)).toEqual(list.data.map((e) => e.id));
    }
    const days = cases.map((c) => dayOf(c.exchange.executed_on ?? "")).sort();
    const firstDay = await download(`/api/exchanges/export.csv?from=${days[0]}&to=${days[0]}`);
    const onFirstDay = cases.filter((c) => dayOf(c.exchange.executed_on ?? "") === days[0]).map((c) => c.exchange.id);
    expect(firstDay.records.map((r) => r.id)).toEqual(expect.arrayContaining(onFirstDay));
    expect(firstDay.records.some((r) => r.executed_at && dayOf(r.executed_at) !== days[0])).toBe(false);
  });

  it("the order CSV matches the order list", async () => {
    const list = parse(orderPageSchema, await tenant.request("GET", "/api/orders?limit=100"), 200);
    const csv = await download("/api/orders/export.csv");
    expect(csv.records.map((r) => [r.id, r.currency, r.affiliate_id])).toEqual(
      list.data.map((o) => [o.id, o.payment_method.currency, o.affiliate_id]),
    );
  });

  it("neutralises a label that a spreadsheet would run as a formula", async () => {
    const days = cases.map((c) => dayOf(c.exchange.executed_on ?? "")).sort();
    const csv = await download(`/api/reports/earnings.csv?from=${days[0]}&to=${days[days.length - 1]}&group=agreement`);
    const labels = csv.records.map((r) => r.label);
    expect(labels).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(labels.some((l) => l?.startsWith("="))).toBe(false);
    // the figures are the report's, unchanged
    const report = parse(
      earningsReportSchema,
      await tenant.request("GET", `/api/reports/earnings?from=${days[0]}&to=${days[days.length - 1]}`),
      200,
    );
    expect(csv.records.map((r) => [r.group, r.currency, r.earnings])).toEqual(report.rows.map((r) => [r.key, r.currency, r.earnings]));
  });

  it("readers may export; a malformed filter is 400 before anything streams", async () => {
    const bad = await tenant.request("GET", "/api/exchanges/export.csv?from=2026-02-30");
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
    const anonymous = await fetch(`${operator.baseUrl}/api/orders/export.csv`);
    expect(anonymous.status).toBe(401);
    const missing = await tenant.request("GET", `/api/agreements/${agreements[0]}/statements/2026-13.csv`);
    expect(missing.status).toBe(404);
  });
});
