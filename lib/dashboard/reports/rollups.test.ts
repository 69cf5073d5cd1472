import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import type { Exchange, Order } from "@/lib/service-api/schemas";
import { indexExchangeSnapshot } from "@/lib/dashboard/exchanges/index-exchange";
import { indexOrder } from "@/lib/dashboard/orders/index-order";
import { setTenantTimeZone } from "@/lib/dashboard/auth/tenant-admin";
import { putAgreement, putAgreements } from "./agreements";
import { monthlyFigures, recountedFigures, rolledUpFigures, stateCounts } from "./recount";
import { rolledUp, rolledUpDays } from "./counted-exchanges";

// The daily figures the database keeps (exchange_rollups, by triggers) are exactly what a full
// recount of the exchanges gives, after any sequence of what can happen to them: snapshots arriving
// in any order and moving an exchange between states, days and agreements, orders indexed late or
// patched to another agreement, agreements' shares changed, the tenant's time zone changed. The
// monthly figures (exchange_rollups_monthly) are always the sums of the daily ones.

let db: Db;
beforeAll(async () => {
  ({ db } = await openMemoryDatabase());
}, 60_000);

const AFFILIATES = ["0b0e1c4e-0000-4000-8000-000000000001", "0b0e1c4e-0000-4000-8000-000000000002", "0B0E1C4E-0000-4000-8000-000000000003"];
const ZONES = ["Europe/Zurich", "UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Auckland"];
// around the end of March: days, months and a daylight-saving change in several zones
const BASE = Date.parse("2026-03-27T00:00:00Z");
const HOURS = 6 * 24;

const money = fc.integer({ min: 0, max: 2_000_000 }).map((c) => (c / 100).toFixed(2));
const fee = fc.integer({ min: 0, max: 20_000 }).map((c) => (c / 100).toFixed(2));
const anyTime = fc.integer({ min: 0, max: HOURS * 60 }).map((m) => new Date(BASE + m * 60_000));
// a few instants come back often, so exchanges share a day's row (which is then updated, not replaced)
const at = fc.oneof(anyTime, fc.constantFrom(...[30, 50, 170].map((h) => new Date(BASE + h * 3_600_000))));
const affiliate = fc.option(fc.constantFrom(...AFFILIATES), { nil: null });

const snapshot = fc.record({
  kind: fc.constant("snapshot" as const),
  exchange: fc.integer({ min: 0, max: 5 }),
  order: fc.integer({ min: 0, max: 3 }),
  pair: fc.oneof({ arbitrary: fc.constant("btc/eur"), weight: 3 }, fc.constantFrom("btc/chf", "btc/gbp")),
  type: fc.oneof({ arbitrary: fc.constant("buy"), weight: 3 }, fc.constant("sell")),
  outcome: fc.constantFrom("executed", "settled", "interrupted", "refunded", "refunded_before"),
  cost: money,
  fee,
  sats: fc.integer({ min: 0, max: 50_000_000 }),
  executedAt: at,
  fetchedAt: at,
});
const order = fc.record({ kind: fc.constant("order" as const), order: fc.integer({ min: 0, max: 3 }), affiliate, fetchedAt: at });
const period = fc.record({
  from: fc.integer({ min: -3, max: 6 }).map((d) => new Date(BASE + d * 86_400_000).toISOString().slice(0, 10)),
  share_percent: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10_000),
});
const agreement = fc.record({
  kind: fc.constant("agreement" as const),
  affiliate: fc.constantFrom(...AFFILIATES),
  periods: fc.uniqueArray(period, { maxLength: 3, selector: (p) => p.from }),
});
const agreements = fc.record({
  kind: fc.constant("agreements" as const),
  list: fc.uniqueArray(
    fc.record({ affiliate_id: fc.constantFrom(...AFFILIATES), periods: fc.uniqueArray(period, { maxLength: 2, selector: (p) => p.from }) }),
    {
      maxLength: 3,
      selector: (a) => a.affiliate_id.toLowerCase(),
    },
  ),
});
const zone = fc.record({ kind: fc.constant("zone" as const), zone: fc.constantFrom(...ZONES) });
const command = fc.oneof({ arbitrary: snapshot, weight: 6 }, { arbitrary: order, weight: 3 }, agreement, agreements, zone);

// report periods around the exchanges' days (the end of March): whole months, runs of days with or
// without figures elsewhere in their month
const reportDay = fc.integer({ min: -40, max: 40 }).map((d) => new Date(BASE + d * 86_400_000).toISOString().slice(0, 10));
const reportPeriod = fc.tuple(reportDay, reportDay).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a }));

/** A report's source summed by month and group, to compare. */
async function byMonth(db: Db, source: SQL) {
  const result = (await db.execute(sql`
    SELECT to_char(x.day::timestamp, 'YYYY-MM') AS month, x.affiliate, x.recorded, x.pair, x.type, x.state, sum(x.count)::int AS count,
           trim_scale(sum(x.cost))::text AS cost, trim_scale(sum(x.amount))::text AS amount, trim_scale(sum(x.fee))::text AS fee,
           trim_scale(sum(x.earning))::text AS earning
    FROM ${source} x GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`)) as unknown as { rows: unknown[] };
  return result.rows;
}

type Snapshot = typeof snapshot extends fc.Arbitrary<infer T> ? T : never;

function exchangeOf(c: Snapshot, ids: string[], orders: string[]): Exchange {
  const executed = c.outcome !== "refunded_before";
  return {
    id: ids[c.exchange],
    order_id: orders[c.order],
    pair: c.pair,
    type: c.type,
    cost: Number(c.cost),
    fee: Number(c.fee),
    amount: c.sats / 1e8,
    executed_on: executed ? c.executedAt.toISOString() : null,
    action: c.outcome === "interrupted" ? { code: "identify" } : null,
    reason: c.outcome.startsWith("refunded") ? { code: "aml" } : null,
    payout: c.outcome === "settled" ? { txid: "ab".repeat(32), bitcoin_address: "tb1q" } : null,
  } as unknown as Exchange;
}

const orderOf = (id: string, affiliateId: string | null, createdOn: Date) =>
  ({
    id,
    active: true,
    created_on: createdOn.toISOString(),
    affiliate_id: affiliateId,
    payment_method: { currency: "eur" },
    payout_method: { bitcoin_address: "tb1q" },
  }) as unknown as Order;

describe("the daily figures", () => {
  it("equal a full recount of the exchanges after any sequence of events", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 30 }),
        fc.array(reportPeriod, { maxLength: 3 }),
        async (commands, periods) => {
          const tenantId = randomUUID();
          const tenant = { id: tenantId, baseUrl: `http://rollups-${tenantId}.test` };
          await insertTestTenant(db, tenantId, tenant.baseUrl);
          const ids = Array.from({ length: 8 }, () => randomUUID());
          const orders = Array.from({ length: 4 }, () => randomUUID());
          let timeZone = "Europe/Zurich";
          for (const c of commands) {
            switch (c.kind) {
              case "snapshot":
                await indexExchangeSnapshot(db, tenant, exchangeOf(c, ids, orders), c.fetchedAt);
                break;
              case "order":
                await indexOrder(db, tenantId, orderOf(orders[c.order] as string, c.affiliate, c.fetchedAt), c.fetchedAt);
                break;
              case "agreement":
                await putAgreement(db, tenantId, c.affiliate.toLowerCase(), { label: "A", periods: c.periods });
                break;
              case "agreements":
                await putAgreements(
                  db,
                  tenantId,
                  c.list.map((a) => ({ ...a, label: "A" })),
                );
                break;
              case "zone":
                await setTenantTimeZone(db, tenantId, c.zone);
                timeZone = c.zone;
                break;
            }
          }
          expect(await rolledUpFigures(db, tenantId)).toEqual(await recountedFigures(db, tenantId, timeZone));
          const months = await monthlyFigures(db, tenantId);
          expect(months.kept).toEqual(months.summed);
          // what a report reads (whole months' rows and the days around them) sums to its days' rows
          for (const p of periods) expect(await byMonth(db, rolledUp(tenantId, p))).toEqual(await byMonth(db, rolledUpDays(tenantId, p)));
          const counts = await stateCounts(db, tenantId);
          expect(counts.rolledUp).toEqual(counts.recounted);
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);
});
