import "server-only";
import { ApiError, type ErrorCode } from "@/lib/errors";
import { earningsQuerySchema, earningsReportSchema, statementSchema } from "@/lib/dashboard/contract/reports-api";
import { statement } from "@/lib/dashboard/reports/statements";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { exportStatement } from "@/lib/dashboard/reports/exports";
import { endpoint } from "../endpoint";

// What an affiliate earned: an agreement's monthly statement and the earnings report, counted in
// the tenant's time zone. Every role reads them; the report's downloads are in exports.ts.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const tag = "affiliate reports";

const PERIOD = /^(\d{4}-(?:0[1-9]|1[0-2]))(?:\.(csv|jsonl))?$/;

// GET /api/agreements/{affiliate_id}/statements/{yyyy-mm} – the month's statement (JSON);
// {yyyy-mm}.csv and {yyyy-mm}.jsonl download its lines
export const getStatement = endpoint({
  method: "GET",
  path: "/agreements/{affiliate_id}/statements/{period}",
  access: {},
  ids: { affiliate_id: "affiliate agreement" },
  doc: {
    operationId: "getStatement",
    summary: "An agreement's monthly statement",
    description:
      "`period` is YYYY-MM: each exchange executed that month under the agreement (date, id, pair, type, cost, fee, " +
      "share, earning), the totals per currency, the payouts received and the difference. " +
      "`YYYY-MM.csv` and `YYYY-MM.jsonl` download the lines, streamed.",
    tag,
    pathParams: { affiliate_id: "The service's affiliate_id (UUID)", period: "YYYY-MM, or YYYY-MM.csv / YYYY-MM.jsonl for a download" },
    success: { status: 200, description: "The statement", schema: statementSchema },
    errors: [...read, "not_found"],
  },
  handler: async ({ db, tenant, params, ids: { affiliate_id: id } }) => {
    const match = PERIOD.exec(params.period ?? "");
    if (!match?.[1]) throw new ApiError("not_found", "No such statement: the month is YYYY-MM, optionally with .csv or .jsonl");
    const format = match[2] as "csv" | "jsonl" | undefined;
    if (format) return exportStatement(db, tenant, id, match[1], format);
    return Response.json(await statement(db, tenant.id, tenant.timeZone, id, match[1]));
  },
});

// GET /api/reports/earnings?from=&to=&group=agreement|currency|pair|month
export const getEarningsReport = endpoint({
  method: "GET",
  path: "/reports/earnings",
  access: {},
  query: earningsQuerySchema,
  doc: {
    operationId: "getEarningsReport",
    summary: "Earnings by agreement, currency, pair or month",
    description:
      "Executed and settled exchanges counted on their day of execution in the tenant's time zone: count, volume, " +
      "bitcoin, fees and the affiliate's earnings (each fee × the agreement's share on its day, rounded to the cent). " +
      "Refunded exchanges are left out; interrupted ones are counted apart. One row per group and currency.",
    tag,
    success: { status: 200, description: "The report", schema: earningsReportSchema },
    errors: [...read, "invalid_request"],
  },
  handler: async ({ db, tenant, query }) => Response.json(await earningsReport(db, tenant.id, tenant.timeZone, query)),
});

export const reportEndpoints = [getStatement, getEarningsReport];
