import { expect } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import type { EarningsReport } from "@/lib/dashboard/contract/reports-api";
import type { Exchange } from "@/lib/service-api/schemas";
import { randomBytes } from "node:crypto";
import { consoleTenantsSchema, tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { DashboardSession, inTenant } from "./dashboard";
import { inviteAndJoin } from "./invitations";
import { exchangePageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { parse, type OperatorApi } from "./api";

// The reports suite's own arithmetic, in exact cents and satoshis, to recompute every figure the
// dashboard reports from the exchanges' own figures; and downloads read as a spreadsheet would.

export const TIME_ZONE = "Europe/Zurich";

/** A day in the tenant's time zone. */
export const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date(iso));
export const cents = (n: number) => BigInt(Math.round(n * 100));
export const money = (c: bigint) => `${c < 0n ? "-" : ""}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, "0")}`;
export const btc = (sats: bigint) => `${sats / 100_000_000n}.${String(sats % 100_000_000n).padStart(8, "0")}`;
/** fee × share %, rounded half up to the cent (fees are positive). */
export const earning = (feeCents: bigint, sharePercent: number) => {
  const scaled = feeCents * BigInt(Math.round(sharePercent * 10_000)); // cents × 1 000 000
  return (scaled * 2n + 1_000_000n) / 2_000_000n;
};

export type Case = { exchange: Exchange; agreement: string };

/** What the report must show per group and currency: `shareOf` is the agreement's share on a day. */
export function expectedRows(cases: Case[], shareOf: (agreement: string, day: string) => number, keyOf: (c: Case) => string) {
  const rows = new Map<string, { count: number; volume: bigint; sats: bigint; fees: bigint; earnings: bigint }>();
  for (const c of cases) {
    const { exchange } = c;
    const day = dayOf(exchange.executed_on ?? "");
    const currency = exchange.pair.split("/")[1] ?? "";
    const key = `${keyOf(c)}|${currency}`;
    const row = rows.get(key) ?? { count: 0, volume: 0n, sats: 0n, fees: 0n, earnings: 0n };
    row.count += 1;
    row.volume += cents(exchange.cost);
    row.sats += BigInt(Math.round((exchange.amount ?? 0) * 1e8));
    row.fees += cents(exchange.fee ?? 0);
    row.earnings += earning(cents(exchange.fee ?? 0), shareOf(c.agreement, day));
    rows.set(key, row);
  }
  return [...rows.entries()]
    .map(([key, r]) => ({
      key,
      count: r.count,
      volume: money(r.volume),
      bitcoin: btc(r.sats),
      fees: money(r.fees),
      earnings: money(r.earnings),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The report's rows with counted exchanges (a group may hold interrupted ones only). */
export const reported = (report: EarningsReport) =>
  report.rows
    .filter((r) => r.count > 0)
    .map((r) => ({
      key: `${r.key}|${r.currency}`,
      count: r.count,
      volume: r.volume,
      bitcoin: r.bitcoin,
      fees: r.fees,
      earnings: r.earnings,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));

/** A download as a spreadsheet would read it: parsed by a CSV parser nobody here wrote. */
export async function download(admin: DashboardSession, path: string) {
  const response = await fetch(`${admin.baseUrl}${path}`, { headers: { cookie: admin.cookieHeader } });
  expect(response.status).toBe(200);
  const text = await response.text();
  if (path.includes(".jsonl")) {
    expect(response.headers.get("content-type")).toMatch(/^application\/jsonl/);
    return {
      text,
      records: text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, string>),
    };
  }
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  const records = parseCsv(text, { columns: true, relax_column_count: false, record_delimiter: "\r\n" }) as Record<string, string>[];
  return { text, records };
}

/** Waits until the tenant's index holds the exchange's snapshot (not just its webhook) in the upstream's state. */
export async function indexed(tenant: Pick<DashboardSession, "request">, op: OperatorApi, exchangeId: string, state: string) {
  for (let i = 0; i < 200; i++) {
    const page = parse(exchangePageSchema, await tenant.request("GET", "/api/exchanges?limit=100"), 200);
    if (page.data.some((e) => e.id === exchangeId && e.state === state && e.exchange !== null)) return;
    await op.runDeliveries();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`exchange ${exchangeId} never indexed as ${state}`);
}

/**
 * A sandbox client with two agreements, a tenant for it made by the operator, the tenant's own
 * admin (invited, joined through the mailed link), and the tenant's webhook endpoint registered.
 */
export async function tenantOfItsOwn(op: OperatorApi) {
  const operator = await DashboardSession.signIn("operator@example.com");
  const client = await op.createClient(`Reports ${randomBytes(3).toString("hex")}`);
  const agreements: [string, string] = [client.affiliate_ids[0] ?? "", client.affiliate_ids[1] ?? ""];
  const upstream = client.api;
  const demo = parse(consoleTenantsSchema, await operator.request("GET", "/api/operator/tenants"), 200).data.find((t) => t.is_default);
  const created = parse(
    tenantCreatedSchema,
    await operator.request("POST", "/api/operator/tenants", {
      name: `Reports ${randomBytes(3).toString("hex")}`,
      base_url: demo?.base_url,
      client_id: client.client_id,
      network: demo?.network,
    }),
    201,
  );
  const tenantId = created.id;
  // the tenant's own admin, invited by the operator, who joins through the mailed link
  const joined = await inviteAndJoin(inTenant(operator, tenantId), "admin", {
    email: `reports-${randomBytes(3).toString("hex")}@example.com`,
  });
  const admin = await DashboardSession.signIn(joined.email, joined.password);
  const endpoints = [{ url: created.webhook_url, secret: created.webhook_secret }];
  expect((await op.request("PUT", `/clients/${client.client_id}/webhook-endpoints`, { endpoints })).status).toBe(200);
  return { operator, admin, agreements, upstream };
}
