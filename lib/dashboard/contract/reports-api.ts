import * as z from "zod/mini";
import { currencies, exchangeTypes, pairs } from "@/lib/service-api/schemas";
import { bitcoin, currency, daySchema, isoTimestamp, money, monthSchema, reconciliationIssueSchema, uuid } from "./report-values";

// The dashboard API's affiliate agreements, earnings reports, statements and payouts received
// (/api/agreements, /api/reports). Amounts are decimal strings with their exact scale (money
// "1234.50", bitcoin "0.01234567"): nothing is rounded twice on the way to a statement.

export { daySchema, monthSchema, reconciliationIssueSchema, type ReconciliationIssue } from "./report-values";

// ---- agreements ----

/** A share of the fee from a day on, until the next period starts. */
export const sharePeriodSchema = z.strictObject({
  from: daySchema,
  share_percent: z
    .number({ error: "A percentage from 0 to 100" })
    .check(z.minimum(0, "A percentage from 0 to 100"))
    .check(z.maximum(100, "A percentage from 0 to 100"))
    .check(z.refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, "At most four decimals"))
    .check(z.meta({ example: 25 })),
});
export type SharePeriod = z.infer<typeof sharePeriodSchema>;

const periodsSchema = z
  .array(sharePeriodSchema)
  .check(z.maxLength(120, "At most 120 periods"))
  .check(z.refine((periods) => new Set(periods.map((p) => p.from)).size === periods.length, "Two periods start on the same day"));

export const agreementBodySchema = z.strictObject({
  label: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, "A label of 1 to 80 characters"))
    .check(z.maxLength(80, "A label of 1 to 80 characters")),
  periods: periodsSchema,
});
export type AgreementBody = z.infer<typeof agreementBodySchema>;

export const agreementsBodySchema = z.strictObject({
  data: z
    .array(z.extend(agreementBodySchema, { affiliate_id: z.guid("The service's affiliate_id (UUID)") }))
    .check(z.maxLength(500))
    .check(
      z.refine((list) => new Set(list.map((a) => a.affiliate_id.toLowerCase())).size === list.length, "An affiliate_id appears twice"),
    ),
});

export const agreementSchema = z.object({
  affiliate_id: uuid,
  label: z.nullable(z.string()),
  /** Oldest first. */
  periods: z.array(sharePeriodSchema),
  /** The share that applies today in the tenant's time zone; null before the first period. */
  share_percent_today: z.nullable(z.number()),
  /** Orders of this tenant that carry it now. */
  orders: z.int(),
  last_used_at: z.nullable(isoTimestamp),
});
export type Agreement = z.infer<typeof agreementSchema>;
export const agreementsSchema = z.object({ data: z.array(agreementSchema), time_zone: z.string() });
export type Agreements = z.infer<typeof agreementsSchema>;

// ---- earnings ----

export const reportGroups = ["agreement", "currency", "pair", "month"] as const;
export type ReportGroup = (typeof reportGroups)[number];

export const earningsQuerySchema = z
  .object({
    from: daySchema.check(z.meta({ description: "First day, in the tenant's time zone" })),
    to: daySchema.check(z.meta({ description: "Last day (included), in the tenant's time zone" })),
    group: z._default(z.enum(reportGroups, { error: "agreement, currency, pair or month" }), "agreement"),
  })
  .check(z.refine((q) => q.from <= q.to, { message: "from is after to", path: ["to"] }))
  .check(z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 10 * 366 * 86_400_000, { message: "At most ten years", path: ["to"] }));
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

const figures = {
  /** Executed and settled exchanges (refunded ones are left out, interrupted ones counted apart). */
  count: z.int(),
  /** The sum of their cost, in the quote currency. */
  volume: money,
  bitcoin,
  fees: money,
  /** Each exchange's fee × the agreement's share on its day, rounded to the cent, summed. */
  earnings: money,
  interrupted: z.object({ count: z.int(), volume: money }),
};

export const earningsRowSchema = z.object({
  /** The group: an affiliate_id (or "none"), a currency, "btc/eur buy", or YYYY-MM. */
  key: z.string(),
  label: z.string(),
  currency,
  ...figures,
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

export const earningsTotalSchema = z.object({ currency, ...figures });

export const earningsReportSchema = z.object({
  from: daySchema,
  to: daySchema,
  group: z.enum(reportGroups),
  time_zone: z.string(),
  /** One row per group and currency: amounts of different currencies are never added. */
  rows: z.array(earningsRowSchema),
  totals: z.array(earningsTotalSchema),
  /** Refunded exchanges of the period, left out of every figure. */
  refunded: z.int(),
});
export type EarningsReport = z.infer<typeof earningsReportSchema>;

// ---- statements and payouts received ----

export const payoutBodySchema = z.strictObject({
  period: monthSchema.check(z.meta({ description: "The statement month it settles" })),
  received_on: daySchema,
  amount: z
    .string({ error: "An amount such as 120.50" })
    .check(z.trim())
    .check(z.regex(/^\d{1,15}(\.\d{1,2})?$/, "An amount such as 120.50"))
    .check(z.refine((a) => Number(a) > 0, "More than zero")),
  currency: z.enum(currencies, { error: "eur, chf or gbp" }),
  bank_reference: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, "The bank's reference of the transfer"))
    .check(z.maxLength(140, "At most 140 characters")),
});
export type PayoutBody = z.infer<typeof payoutBodySchema>;

export const affiliatePayoutSchema = z.object({
  id: uuid,
  affiliate_id: uuid,
  period: monthSchema,
  received_on: daySchema,
  amount: money,
  currency,
  bank_reference: z.string(),
  recorded_at: isoTimestamp,
});
export type AffiliatePayout = z.infer<typeof affiliatePayoutSchema>;

export const statementLineSchema = z.object({
  executed_at: isoTimestamp,
  exchange_id: uuid,
  pair: z.enum(pairs),
  type: z.enum(exchangeTypes),
  currency,
  cost: money,
  fee: money,
  share_percent: z.nullable(z.number()),
  earning: money,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalSchema = z.object({
  currency,
  count: z.int(),
  volume: money,
  fees: money,
  earned: money,
  received: money,
  /** received − earned: negative while the service still owes. */
  difference: money,
});
export type StatementTotal = z.infer<typeof statementTotalSchema>;

export const statementSchema = z.object({
  affiliate_id: uuid,
  label: z.nullable(z.string()),
  period: monthSchema,
  from: daySchema,
  to: daySchema,
  time_zone: z.string(),
  /** Counted exchanges of the month, oldest first (at most 500; the CSV has every one). */
  lines: z.array(statementLineSchema),
  lines_complete: z.boolean().check(z.meta({ description: "false when the month has more lines than this answer holds" })),
  totals: z.array(statementTotalSchema),
  payouts: z.array(affiliatePayoutSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** A statement whose payouts received differ from what was earned (on the overview). */
export const reconciliationSchema = z.object({ data: z.array(reconciliationIssueSchema) });

// ---- exports ----

export const exportFormats = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof exportFormats)[number];
