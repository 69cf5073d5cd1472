import * as z from "zod/mini";
import { currencies } from "@/lib/service-api/schemas";

// The values the reports are made of (days, months, amounts as exact decimal strings), apart from
// the reports themselves, so that the overview's schema can use them without bringing every
// report's schema into each dashboard page's script.

export const uuid = z.string().check(z.meta({ format: "uuid" }));
export const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));

/** A calendar day YYYY-MM-DD, in the tenant's time zone. */
export const daySchema = z.iso.date({ error: "A day as YYYY-MM-DD" }).check(z.meta({ format: "date" }));
/** A statement month YYYY-MM. */
export const monthSchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month as YYYY-MM"))
  .check(z.meta({ example: "2026-11" }));
export const money = z
  .string()
  .check(z.regex(/^-?\d+\.\d{2}$/))
  .check(z.meta({ description: "An amount in the quote currency, two decimals", example: "1234.50" }));
export const bitcoin = z
  .string()
  .check(z.regex(/^\d+\.\d{8}$/))
  .check(z.meta({ description: "An amount in bitcoin, eight decimals", example: "0.01925000" }));
export const currency = z.enum(currencies);

export const reconciliationIssueSchema = z.object({
  affiliate_id: uuid,
  label: z.nullable(z.string()),
  period: monthSchema,
  currency,
  earned: money,
  received: money,
  difference: money,
});
export type ReconciliationIssue = z.infer<typeof reconciliationIssueSchema>;
