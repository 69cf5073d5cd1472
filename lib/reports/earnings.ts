import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { Currency } from "@/lib/exchange/schemas";
import type { EarningsQuery, EarningsReport, EarningsRow, ReportGroup } from "@/lib/contract/reports-api";
import { COUNTING, countedExchanges } from "./counted-exchanges";
import { labelsOf } from "./agreements";

// GET /api/reports/earnings – counts, volume, bitcoin, fees and affiliate earnings per group and
// currency over a period of days in the tenant's time zone.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const keyOf: Record<ReportGroup, ReturnType<typeof sql>> = {
  agreement: sql`COALESCE(x.affiliate_id::text, 'none')`,
  currency: sql`x.currency`,
  pair: sql`x.pair || ' ' || x.type`,
  month: sql`to_char(x.counted_at AT TIME ZONE x.tz, 'YYYY-MM')`,
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
  count(*) FILTER (WHERE x.state IN ${COUNTING})::int AS count,
  COALESCE(sum(x.cost) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS volume,
  COALESCE(sum(x.amount) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 8)::text AS bitcoin,
  COALESCE(sum(x.fee) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS fees,
  COALESCE(sum(x.earning) FILTER (WHERE x.state IN ${COUNTING}), 0)::numeric(20, 2)::text AS earnings,
  count(*) FILTER (WHERE x.state = 'interrupted')::int AS interrupted_count,
  COALESCE(sum(x.cost) FILTER (WHERE x.state = 'interrupted'), 0)::numeric(20, 2)::text AS interrupted_volume`;

const shape = (f: Omit<Figures, "key" | "currency">) => ({
  count: f.count,
  volume: f.volume,
  bitcoin: f.bitcoin,
  fees: f.fees,
  earnings: f.earnings,
  interrupted: { count: f.interrupted_count, volume: f.interrupted_volume },
});

export async function earningsReport(db: Db, tenantId: string, timeZone: string, query: EarningsQuery): Promise<EarningsReport> {
  const counted = countedExchanges({ tenantId, timeZone, period: query });
  const source = sql`(SELECT c.*, ${timeZone}::text AS tz FROM ${counted} c WHERE c.state <> 'refunded') x`;
  const grouped = rowsOf<Figures>(
    await db.execute(sql`
      SELECT ${keyOf[query.group]} AS key, x.currency, ${figures}
      FROM ${source} GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  const totals = rowsOf<Omit<Figures, "key">>(await db.execute(sql`SELECT x.currency, ${figures} FROM ${source} GROUP BY 1 ORDER BY 1`));
  const [refunds] = rowsOf<{ refunded: number }>(
    await db.execute(sql`SELECT count(*)::int AS refunded FROM ${counted} c WHERE c.state = 'refunded'`),
  );
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
