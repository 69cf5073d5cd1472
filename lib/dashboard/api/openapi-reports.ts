import { z } from "zod";
import {
  affiliatePayoutSchema,
  agreementBodySchema,
  agreementSchema,
  agreementsBodySchema,
  agreementsSchema,
  earningsQuerySchema,
  earningsReportSchema,
  payoutBodySchema,
  statementSchema,
} from "@/lib/dashboard/contract/reports-api";
import { exchangeExportQuerySchema, orderExportQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of affiliate agreements, earnings reports, statements and exports.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const query = [...read, "invalid_request"] satisfies ErrorCode[];
const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const op = (o: Omit<Operation, "tag">): Operation => ({ ...o, tag: "affiliate reports" });
const agreementId = { affiliate_id: "The service's affiliate_id (UUID)" };

const csv = z.string().meta({
  description:
    "RFC 4180 CSV in UTF-8 (CRLF line ends, a header row). Text cells that begin with =, +, -, @, tab or carriage return " +
    "start with an apostrophe so that no spreadsheet runs them as a formula. Streamed: any number of rows.",
});
const jsonLines = z.string().meta({ description: "JSON Lines: one JSON object per line with the CSV's columns as keys. Streamed." });
const exportOps = (path: string, name: string, summary: string, description: string, query?: z.core.$ZodObject): Operation[] => [
  op({
    method: "get",
    path: `${path}.csv`,
    operationId: `${name}Csv`,
    summary: `${summary} as CSV`,
    description,
    ...(query ? { query } : {}),
    success: { status: 200, description: "The download (Content-Disposition: attachment)", schema: csv, contentType: "text/csv" },
    errors: query ? [...read, "invalid_request"] : read,
  }),
  op({
    method: "get",
    path: `${path}.jsonl`,
    operationId: `${name}JsonLines`,
    summary: `${summary} as JSON Lines`,
    description,
    ...(query ? { query } : {}),
    success: {
      status: 200,
      description: "The download (Content-Disposition: attachment)",
      schema: jsonLines,
      contentType: "application/jsonl",
    },
    errors: query ? [...read, "invalid_request"] : read,
  }),
];

export const reportOperations: Operation[] = [
  op({
    method: "get",
    path: "/agreements",
    operationId: "listAgreements",
    summary: "The affiliate agreements with their shares",
    description:
      "Every affiliate_id the tenant's orders or exchanges carry, or that it configured: label, share " +
      "periods and the share that applies today on the service's clock, in the tenant's time zone.",
    success: { status: 200, description: "The agreements", schema: agreementsSchema },
    errors: read,
  }),
  op({
    method: "put",
    path: "/agreements",
    operationId: "replaceAgreements",
    summary: "Replace every agreement's label and share periods",
    description: "Agreements left out lose their label and periods (their exchanges keep their agreement).",
    body: {
      schema: agreementsBodySchema,
      example: {
        data: [
          {
            affiliate_id: "7f8e2a1c-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
            label: "Partner A",
            periods: [{ from: "2026-01-01", share_percent: 25 }],
          },
        ],
      },
    },
    success: { status: 200, description: "The agreements now", schema: agreementsSchema },
    errors: mutation,
  }),
  op({
    method: "put",
    path: "/agreements/{affiliate_id}",
    operationId: "updateAgreement",
    summary: "Set an agreement's label and share periods",
    description:
      "Each period's share of the fee applies from its day (in the tenant's time zone) until the next " +
      "period starts. Before the first period the share is 0.",
    pathParams: agreementId,
    body: {
      schema: agreementBodySchema,
      example: {
        label: "Partner A",
        periods: [
          { from: "2026-01-01", share_percent: 25 },
          { from: "2026-07-01", share_percent: 30 },
        ],
      },
    },
    success: { status: 200, description: "The agreement", schema: agreementSchema },
    errors: [...mutation, "not_found"],
  }),
  op({
    method: "post",
    path: "/agreements/{affiliate_id}/payouts",
    operationId: "recordAffiliatePayout",
    summary: "Record a payout of earnings received",
    description: "A transfer the service made to the affiliate, against the agreement and a statement month; the statement reconciles it.",
    pathParams: agreementId,
    body: {
      schema: payoutBodySchema,
      example: { period: "2026-10", received_on: "2026-11-05", amount: "412.35", currency: "eur", bank_reference: "SEPA 2026-1105-0042" },
    },
    success: { status: 201, description: "The payout recorded", schema: affiliatePayoutSchema },
    errors: [...mutation, "not_found"],
  }),
  op({
    method: "get",
    path: "/agreements/{affiliate_id}/statements/{period}",
    operationId: "getStatement",
    summary: "An agreement's monthly statement",
    description:
      "`period` is YYYY-MM: each exchange executed that month under the agreement (date, id, pair, type, cost, fee, " +
      "share, earning), the totals per currency, the payouts received and the difference. " +
      "`YYYY-MM.csv` and `YYYY-MM.jsonl` download the lines, streamed.",
    pathParams: { ...agreementId, period: "YYYY-MM, or YYYY-MM.csv / YYYY-MM.jsonl for a download" },
    success: { status: 200, description: "The statement", schema: statementSchema },
    errors: [...read, "not_found"],
  }),
  op({
    method: "get",
    path: "/reports/earnings",
    operationId: "getEarningsReport",
    summary: "Earnings by agreement, currency, pair or month",
    description:
      "Executed and settled exchanges counted on their day of execution in the tenant's time zone: count, volume, " +
      "bitcoin, fees and the affiliate's earnings (each fee × the agreement's share on its day, rounded to the cent). " +
      "Refunded exchanges are left out; interrupted ones are counted apart. One row per group and currency.",
    query: earningsQuerySchema,
    success: { status: 200, description: "The report", schema: earningsReportSchema },
    errors: query,
  }),
  ...exportOps(
    "/reports/earnings",
    "getEarningsReport",
    "The earnings report",
    "The report's rows with its parameters.",
    earningsQuerySchema,
  ),
  ...exportOps(
    "/exchanges/export",
    "exportExchanges",
    "The exchanges",
    "The exchange list's filters, plus `from` and `to` (days in the tenant's time zone, on the day of " +
      "execution, or of first sight if never executed). Newest first, as the list.",
    exchangeExportQuerySchema,
  ),
  ...exportOps(
    "/orders/export",
    "exportOrders",
    "The orders",
    "The order list's filters. Newest first, as the list.",
    orderExportQuerySchema,
  ),
];
