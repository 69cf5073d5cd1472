import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { wholeMonths, type Period } from "./periods";

// What an exchange contributes to reports, statements and their exports. Totals read the daily
// figures the database keeps (exchange_rollups, by the triggers of migration 0013, which hold the
// same definition in SQL); lines read the exchanges themselves through countedExchanges below, and
// a property test (lib/dashboard/reports/rollups.test.ts) holds the two to the same figures.
// An exchange is counted on the day of its execution (executed_on), or when it was first seen (on
// the service's clock) if it never executed, in the tenant's time zone. Its earning is
// fee × the share of its agreement on that day, rounded half away from zero to the cent. One that
// never executed (interrupted for identification, refunded) has no agreement recorded: it is
// grouped under its order's agreement of now, and earns nothing.

/** The start of a day in a time zone, as an SQL timestamptz. */
export const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
export const dayAfter = (day: string, timeZone: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

export type CountedFilter = { tenantId: string; timeZone: string; period?: Period; affiliateId?: string };

/**
 * A subquery of the tenant's counted exchanges, one row each: id, order_id, affiliate_id, pair,
 * type, state, currency, counted_at, executed_at, cost, fee, amount, share_percent, earning, and
 * recorded (whether the agreement was recorded on the exchange, not taken from its order).
 */
export function countedExchanges({ tenantId, timeZone, period, affiliateId }: CountedFilter): SQL {
  const counted = sql`COALESCE(e.executed_at, e.first_seen_service_at, e.first_seen_at)`;
  const within = period
    ? sql`AND ${counted} >= ${dayStart(period.from, timeZone)} AND ${counted} < ${dayAfter(period.to, timeZone)}`
    : sql``;
  const agreement = affiliateId ? sql`AND e.affiliate_id = ${affiliateId}` : sql``;
  return sql`(
    SELECT e.id, e.order_id,
           COALESCE(e.affiliate_id, (SELECT (o.snapshot->>'affiliate_id')::uuid FROM orders o
                                     WHERE o.id = e.order_id AND o.tenant_id = e.tenant_id)) AS affiliate_id,
           e.affiliate_id IS NOT NULL AS recorded,
           e.pair, e.type, e.state, split_part(e.pair, '/', 2) AS currency,
           ${counted} AS counted_at, e.executed_at,
           (e.snapshot->>'cost')::numeric AS cost,
           COALESCE((e.snapshot->>'fee')::numeric, 0) AS fee,
           COALESCE((e.snapshot->>'amount')::numeric, 0) AS amount,
           s.share_percent,
           round(COALESCE((e.snapshot->>'fee')::numeric, 0) * COALESCE(s.share_percent, 0) / 100, 2) AS earning
    FROM exchanges e
    LEFT JOIN LATERAL (
      SELECT p.share_percent FROM affiliate_share_periods p
      WHERE p.tenant_id = e.tenant_id AND p.affiliate_id = e.affiliate_id
        AND p.starts_on <= (e.executed_at AT TIME ZONE ${timeZone})::date
      ORDER BY p.starts_on DESC LIMIT 1
    ) s ON true
    WHERE e.tenant_id = ${tenantId} AND e.snapshot IS NOT NULL AND e.pair IS NOT NULL ${within} ${agreement}
  )`;
}

/** States whose figures count; interrupted ones are shown apart, refunded ones left out. */
export const COUNTING = sql`('executed', 'settled')`;

/**
 * The daily figures of a tenant's reported exchanges (exchange_rollups) on the days of a period, or
 * all of them: a subquery with day, affiliate ('none' when there is none), recorded, pair, type,
 * state, count, cost, amount, fee and earning.
 */
export function rolledUpDays(tenantId: string, period?: Period): SQL {
  const within = period ? sql`AND r.day >= ${period.from}::date AND r.day <= ${period.to}::date` : sql``;
  return sql`(SELECT r.* FROM exchange_rollups r WHERE r.tenant_id = ${tenantId} AND r.pair <> '' ${within})`;
}

const COLUMNS = sql`affiliate, recorded, pair, type, state, count, cost, amount, fee, earning`;

/**
 * The same figures as rolledUpDays, read from the monthly rows (exchange_rollups_monthly) for the
 * period's whole months and from the daily rows only for the days around them: a year's report reads
 * about twelve months of rows, not 365 days of them. A run of days whose month has no figures outside
 * it (this month up to today, say) is read from its month's rows too; the check is one index probe,
 * made in the same statement. A month's row stands on the first day of its month, so `day` gives the
 * right month to a grouping by month, never a day.
 */
export function rolledUp(tenantId: string, period: Period): SQL {
  const monthly = (range: SQL) =>
    sql`SELECT m.month AS day, ${COLUMNS} FROM exchange_rollups_monthly m WHERE m.tenant_id = ${tenantId} AND m.pair <> '' ${range}`;
  const { months, days } = wholeMonths(period);
  const parts = days.flatMap((d) => {
    const month = `${d.from.slice(0, 7)}-01`;
    const elsewhere = sql`EXISTS (SELECT 1 FROM exchange_rollups o WHERE o.tenant_id = ${tenantId} AND o.pair <> ''
      AND o.day >= ${month}::date AND o.day < (${month}::date + interval '1 month')::date
      AND (o.day < ${d.from}::date OR o.day > ${d.to}::date))`;
    return [
      monthly(sql`AND m.month = ${month}::date AND NOT ${elsewhere}`),
      sql`SELECT r.day, ${COLUMNS} FROM ${rolledUpDays(tenantId, d)} r WHERE ${elsewhere}`,
    ];
  });
  if (months) parts.unshift(monthly(sql`AND m.month >= ${months.from}::date AND m.month < ${months.until}::date`));
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

/** A tenant's exchanges by state, from the monthly figures (the overview's counts; their rows include those not fetched yet). */
export async function countsByState(db: Db, tenantId: string): Promise<{ state: string; count: number }[]> {
  const result = await db.execute(
    sql`SELECT state, sum(count)::int AS count FROM exchange_rollups_monthly WHERE tenant_id = ${tenantId} GROUP BY 1 ORDER BY 1`,
  );
  return (result as unknown as { rows: { state: string; count: number }[] }).rows;
}
