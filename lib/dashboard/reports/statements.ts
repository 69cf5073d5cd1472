import "server-only";
import { invalidate } from "@/lib/db/cache-bus";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { affiliatePayouts } from "@/lib/db/schema";
import type { Currency } from "@/lib/service-api/schemas";
import type {
  AffiliatePayout,
  PayoutBody,
  ReconciliationIssue,
  Statement,
  StatementLine,
  StatementTotal,
} from "@/lib/dashboard/contract/reports-api";
import { COUNTING, countedExchanges, dayAfter, dayStart, rolledUp } from "./counted-exchanges";
import { labelsOf } from "./agreements";
import { monthPeriod, type Period } from "./periods";

// An agreement's monthly statement (GET /api/agreements/{affiliate_id}/statements/{yyyy-mm}) and
// the payouts received against it (POST /api/agreements/{affiliate_id}/payouts).

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type LineRow = {
  id: string;
  executed_at: string | Date;
  pair: StatementLine["pair"];
  type: StatementLine["type"];
  currency: Currency;
  cost: string;
  fee: string;
  share_percent: string | null;
  earning: string;
};

/** The statement's exchanges, oldest first, in batches (keyset on executed_at, id) for exports. */
export async function statementLines(
  db: Db,
  scope: { tenantId: string; timeZone: string; affiliateId: string; period: string },
  after: { at: string; id: string } | null,
  limit: number,
): Promise<StatementLine[]> {
  const period = monthPeriod(scope.period);
  const counted = countedExchanges({ tenantId: scope.tenantId, timeZone: scope.timeZone, affiliateId: scope.affiliateId, period });
  const rows = rowsOf<LineRow>(
    await db.execute(sql`
      SELECT c.id, c.executed_at, c.pair, c.type, c.currency,
             c.cost::numeric(20, 2)::text AS cost, c.fee::numeric(20, 2)::text AS fee,
             c.share_percent::text AS share_percent, c.earning::numeric(20, 2)::text AS earning
      FROM ${counted} c
      WHERE c.state IN ${COUNTING}
        -- a counted exchange is counted on its execution: the month's range of the agreement's index
        AND c.executed_at >= ${dayStart(period.from, scope.timeZone)} AND c.executed_at < ${dayAfter(period.to, scope.timeZone)}
        ${after ? sql`AND (c.executed_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY c.executed_at, c.id LIMIT ${limit}`),
  );
  return rows.map(
    (r) =>
      ({
        executed_at: new Date(r.executed_at).toISOString(),
        exchange_id: r.id,
        pair: r.pair,
        type: r.type,
        currency: r.currency,
        cost: r.cost,
        fee: r.fee,
        share_percent: r.share_percent === null ? null : Number(r.share_percent),
        earning: r.earning,
      }) satisfies StatementLine,
  );
}

function payoutView(row: typeof affiliatePayouts.$inferSelect): AffiliatePayout {
  return {
    id: row.id,
    affiliate_id: row.affiliateId,
    period: row.period,
    received_on: row.receivedOn,
    amount: row.amount,
    currency: row.currency as Currency,
    bank_reference: row.bankReference,
    recorded_at: row.createdAt.toISOString(),
  } satisfies AffiliatePayout;
}

type TotalRow = { currency: Currency; count: number; volume: string; fees: string; earned: string };

/** Earned per currency for one agreement (as recorded on its exchanges) and month, from the month's kept figures. */
async function earnedTotals(db: Db, tenantId: string, affiliateId: string, period: string): Promise<TotalRow[]> {
  return rowsOf<TotalRow>(
    await db.execute(sql`
      SELECT split_part(r.pair, '/', 2) AS currency, sum(r.count)::int AS count, sum(r.cost)::numeric(20, 2)::text AS volume,
             sum(r.fee)::numeric(20, 2)::text AS fees, sum(r.earning)::numeric(20, 2)::text AS earned
      FROM ${rolledUp(tenantId, monthPeriod(period))} r
      WHERE r.affiliate = ${affiliateId.toLowerCase()} AND r.recorded AND r.state IN ${COUNTING} GROUP BY 1 ORDER BY 1`),
  );
}

async function payoutsOf(db: Db, tenantId: string, affiliateId: string, period: string) {
  const rows = await db
    .select()
    .from(affiliatePayouts)
    .where(and(eq(affiliatePayouts.tenantId, tenantId), eq(affiliatePayouts.affiliateId, affiliateId), eq(affiliatePayouts.period, period)))
    .orderBy(asc(affiliatePayouts.receivedOn), asc(affiliatePayouts.createdAt));
  return rows.map(payoutView);
}

/** Cents of a decimal string with two decimals at most, exactly. */
const cents = (amount: string): bigint => {
  const [whole = "0", fraction = ""] = amount.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
  return amount.startsWith("-") ? -value : value;
};
const fromCents = (value: bigint): string => {
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

/** Per currency: what was earned, what was received, and the difference. */
function reconcile(earned: TotalRow[], payouts: AffiliatePayout[]): StatementTotal[] {
  const currencies = [...new Set([...earned.map((e) => e.currency), ...payouts.map((p) => p.currency)])].sort();
  return currencies.map((currency) => {
    const e = earned.find((t) => t.currency === currency);
    const received = payouts.filter((p) => p.currency === currency).reduce((sum, p) => sum + cents(p.amount), 0n);
    const earnedCents = cents(e?.earned ?? "0.00");
    return {
      currency,
      count: e?.count ?? 0,
      volume: e?.volume ?? "0.00",
      fees: e?.fees ?? "0.00",
      earned: fromCents(earnedCents),
      received: fromCents(received),
      difference: fromCents(received - earnedCents),
    } satisfies StatementTotal;
  });
}

/** A statement answers with its first lines only: a page stays light at any volume, and the CSV has every one. */
export const STATEMENT_LINES_MAX = 500;

/** The months of a period in which each agreement has counted exchanges, newest first (statement links). */
export async function statementMonths(db: Db, tenantId: string, period: Period): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ affiliate_id: string; month: string }>(
    await db.execute(sql`
      SELECT DISTINCT r.affiliate AS affiliate_id, to_char(r.day::timestamp, 'YYYY-MM') AS month
      FROM ${rolledUp(tenantId, period)} r WHERE r.state IN ${COUNTING} AND r.affiliate <> 'none' ORDER BY 2 DESC, 1`),
  );
  const months = new Map<string, string[]>();
  for (const r of rows) months.set(r.affiliate_id, [...(months.get(r.affiliate_id) ?? []), r.month]);
  return months;
}

export async function statement(db: Db, tenantId: string, timeZone: string, affiliateId: string, period: string): Promise<Statement> {
  const scope = { tenantId, timeZone, affiliateId, period };
  const [lines, earned, payouts, labels] = await Promise.all([
    statementLines(db, scope, null, STATEMENT_LINES_MAX + 1),
    earnedTotals(db, tenantId, affiliateId, period),
    payoutsOf(db, tenantId, affiliateId, period),
    labelsOf(db, tenantId, [affiliateId]),
  ]);
  return {
    affiliate_id: affiliateId,
    label: labels.get(affiliateId) ?? null,
    period,
    ...monthPeriod(period),
    time_zone: timeZone,
    lines: lines.slice(0, STATEMENT_LINES_MAX),
    lines_complete: lines.length <= STATEMENT_LINES_MAX,
    totals: reconcile(earned, payouts),
    payouts,
  } satisfies Statement;
}

export async function recordPayout(
  db: Db,
  tenantId: string,
  affiliateId: string,
  body: PayoutBody,
  userId: string | null,
): Promise<AffiliatePayout> {
  const [row] = await db
    .insert(affiliatePayouts)
    .values({
      id: randomUUID(),
      tenantId,
      affiliateId,
      period: body.period,
      receivedOn: body.received_on,
      amount: body.amount,
      currency: body.currency,
      bankReference: body.bank_reference,
      createdBy: userId,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("The payout was not stored");
  // the overview's reconciliation (lib/dashboard/overview/overview-cache.ts) shows it
  await invalidate(db, { cache: "overview", tenant_id: tenantId });
  return payoutView(row);
}

/** Statements with a payout recorded whose received total differs from what was earned, newest first. */
export async function reconciliationIssues(db: Db, tenantId: string, limit = 24): Promise<ReconciliationIssue[]> {
  const recorded = await db
    .selectDistinct({ affiliateId: affiliatePayouts.affiliateId, period: affiliatePayouts.period })
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.tenantId, tenantId))
    .orderBy(desc(affiliatePayouts.period), asc(affiliatePayouts.affiliateId))
    .limit(limit);
  const labels = await labelsOf(db, tenantId, [...new Set(recorded.map((r) => r.affiliateId))]);
  const issues: ReconciliationIssue[] = [];
  for (const { affiliateId, period } of recorded) {
    const totals = reconcile(await earnedTotals(db, tenantId, affiliateId, period), await payoutsOf(db, tenantId, affiliateId, period));
    for (const t of totals) {
      if (t.difference === "0.00") continue;
      issues.push({
        affiliate_id: affiliateId,
        label: labels.get(affiliateId) ?? null,
        period,
        currency: t.currency,
        earned: t.earned,
        received: t.received,
        difference: t.difference,
      });
    }
  }
  return issues;
}
