import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { countedExchanges, countsByState, rolledUpDays } from "./counted-exchanges";

// The daily figures two ways: as the database keeps them (exchange_rollups) and recounted from
// every exchange (countedExchanges); the monthly ones as kept and summed from the daily ones. Each
// pair must be equal to the cent at all times; the property test and `npm run admin -- rollups
// verify` compare them.

export type DailyFigure = {
  day: string;
  affiliate: string;
  recorded: boolean;
  pair: string;
  type: string;
  state: string;
  count: number;
  cost: string;
  amount: string;
  fee: string;
  earning: string;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Normalised to compare: numbers with trailing zeros cut, rows in key order. */
const columns = sql`
  count::int AS count, trim_scale(cost)::text AS cost, trim_scale(amount)::text AS amount,
  trim_scale(fee)::text AS fee, trim_scale(earning)::text AS earning`;

export async function rolledUpFigures(db: Db, tenantId: string): Promise<DailyFigure[]> {
  return rowsOf<DailyFigure>(
    await db.execute(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, affiliate, recorded, pair, type, state, ${columns}
      FROM ${rolledUpDays(tenantId)} r ORDER BY 1, 2, 3, 4, 5, 6`),
  );
}

export async function recountedFigures(db: Db, tenantId: string, timeZone: string): Promise<DailyFigure[]> {
  return rowsOf<DailyFigure>(
    await db.execute(sql`
      SELECT day, affiliate, recorded, pair, type, state, ${columns} FROM (
        SELECT to_char(c.counted_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, COALESCE(c.affiliate_id::text, 'none') AS affiliate,
               c.recorded, c.pair, c.type, c.state, count(*) AS count, sum(COALESCE(c.cost, 0)) AS cost, sum(c.amount) AS amount,
               sum(c.fee) AS fee, sum(c.earning) AS earning
        FROM ${countedExchanges({ tenantId, timeZone })} c GROUP BY 1, 2, 3, 4, 5, 6
      ) x ORDER BY 1, 2, 3, 4, 5, 6`),
  );
}

/**
 * The monthly figures two ways: as the database keeps them (exchange_rollups_monthly) and summed
 * from the daily ones, every row including those counted by state only (pair '').
 */
export async function monthlyFigures(db: Db, tenantId: string): Promise<{ kept: DailyFigure[]; summed: DailyFigure[] }> {
  const keys = sql`to_char(day, 'YYYY-MM-DD') AS day, affiliate, recorded, pair, type, state`;
  const kept = rowsOf<DailyFigure>(
    await db.execute(sql`
      SELECT ${keys}, ${columns} FROM (SELECT m.*, m.month AS day FROM exchange_rollups_monthly m WHERE m.tenant_id = ${tenantId}) x
      ORDER BY 1, 2, 3, 4, 5, 6`),
  );
  const summed = rowsOf<DailyFigure>(
    await db.execute(sql`
      SELECT ${keys}, ${columns} FROM (
        SELECT date_trunc('month', r.day)::date AS day, r.affiliate, r.recorded, r.pair, r.type, r.state, sum(r.count) AS count,
               sum(r.cost) AS cost, sum(r.amount) AS amount, sum(r.fee) AS fee, sum(r.earning) AS earning
        FROM exchange_rollups r WHERE r.tenant_id = ${tenantId} GROUP BY 1, 2, 3, 4, 5, 6
      ) x ORDER BY 1, 2, 3, 4, 5, 6`),
  );
  return { kept, summed };
}

/** Exchanges by state, both ways (the overview's counts include those not fetched yet). */
export async function stateCounts(
  db: Db,
  tenantId: string,
): Promise<{ rolledUp: Record<string, number>; recounted: Record<string, number> }> {
  const of = (rows: { state: string; count: number }[]) => Object.fromEntries(rows.map((r) => [r.state, r.count]));
  const rolledUp = await countsByState(db, tenantId);
  const recounted = rowsOf<{ state: string; count: number }>(
    await db.execute(sql`SELECT state, count(*)::int AS count FROM exchanges WHERE tenant_id = ${tenantId} GROUP BY 1 ORDER BY 1`),
  );
  return { rolledUp: of(rolledUp), recounted: of(recounted) };
}
