import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { Currency } from "@/lib/service-api/schemas";
import type { EarningsQuery, EarningsReport, EarningsRow, ReportGroup } from "@/lib/dashboard/contract/reports-api";
import { COUNTING, rolledUp } from "./counted-exchanges";
import { labelsOf } from "./agreements";

// GET /api/reports/earnings – counts, volume, bitcoin, fees and affiliate earnings per group and
// currency over a period of days in the tenant's time zone.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const keyOf: Record<ReportGroup, ReturnType<typeof sql>> = {
  agreement: sql`x.affiliate`,
  currency: sql`split_part(x.pair, '/', 2)`,
  pair: sql`x.pair || ' ' || x.type`,
  month: sql`to_char(x.day::timestamp, 'YYYY-MM')`,
};

type Figures = {
  key: string;
  currency: Currency;
  count: number;
  volume: string;
  bitcoin: string;
  fees: string;
  earnings: string;
  interrupted_count: number;
  interrupted_volume: string;
};

const figures = sql`
  COALESCE(sum(x.count) FILTER (WHERE x.state IN ${COUNTING}), 0)::int AS count,
  COALESCE(sum(x.cost) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS volume,
  COALESCE(sum(x.amount) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 8)::text AS bitcoin,
  COALESCE(sum(x.fee) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS fees,
  COALESCE(sum(x.earning) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS earnings,
  COALESCE(sum(x.count) FILTER (WHERE x.state = 'interrupted'), 0)::int AS interrupted_count,
  COALESCE(sum(x.cost) FILTER (WHERE x.state = 'interrupted'), 0)::numeric(20, 2)::text AS interrupted_volume`;

const shape = (f: Omit<Figures, "key" | "currency">) => ({
  count: f.count,
  volume: f.volume,
  bitcoin: f.bitcoin,
  fees: f.fees,
  earnings: f.earnings,
  interrupted: { count: f.interrupted_count, volume: f.interrupted_volume },
});

/**
 * Reads the kept figures of the period (its whole months' rows and the days around them), never the
 * exchanges: its cost grows with the months and groups shown.
 */
export async function earningsReport(db: Db, tenantId: string, timeZone: string, query: EarningsQuery): Promise<EarningsReport> {
  // the groups, the totals per currency and the refunded count in one statement (grouping sets)
  const all = rowsOf<Figures & { level: number; refunded: number }>(
    await db.execute(sql`
      SELECT GROUPING(x.key, x.currency)::int AS level, x.key, x.currency, ${figures},
             COALESCE(sum(x.count) FILTER (WHERE x.state = 'refunded'), 0)::int AS refunded
      FROM (SELECT ${keyOf[query.group]} AS key, split_part(x.pair, '/', 2) AS currency, x.* FROM ${rolledUp(tenantId, query)} x) x
      GROUP BY GROUPING SETS ((x.key, x.currency), (x.currency), ())
      HAVING GROUPING(x.key, x.currency) = 3 OR count(*) FILTER (WHERE x.state <> 'refunded') > 0
      ORDER BY 1, 2, 3`),
  );
  const grouped = all.filter((r) => r.level === 0);
  const totals = all.filter((r) => r.level === 2);
  const refunds = all.find((r) => r.level === 3);
  const labels =
    query.group === "agreement"
      ? await labelsOf(
          db,
          tenantId,
          grouped.map((g) => g.key).filter((k) => k !== "none"),
        )
      : new Map();
  const labelOf = (key: string): string => {
    switch (query.group) {
      case "agreement":
        return key === "none" ? "No agreement recorded" : (labels.get(key) ?? key);
      case "currency":
        return key.toUpperCase();
      case "pair": {
        const [pair = "", type = ""] = key.split(" ");
        return `${pair.toUpperCase()} ${type}`;
      }
      case "month":
        return key;
    }
  };
  const rows = grouped.map((g) => ({ key: g.key, label: labelOf(g.key), currency: g.currency, ...shape(g) }) satisfies EarningsRow);
  return {
    from: query.from,
    to: query.to,
    group: query.group,
    time_zone: timeZone,
    rows,
    totals: totals.map((t) => ({ currency: t.currency, ...shape(t) })),
    refunded: refunds?.refunded ?? 0,
  } satisfies EarningsReport;
}
