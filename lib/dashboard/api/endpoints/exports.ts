import "server-only";
import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { earningsQuerySchema } from "@/lib/dashboard/contract/reports-api";
import { exchangeExportQuerySchema, orderExportQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { exportEarnings, exportExchanges, exportOrders } from "@/lib/dashboard/reports/exports";
import { endpoint } from "../endpoint";

// Downloads of the earnings report, the exchanges and the orders, each as CSV and as JSON Lines,
// streamed. Every role may download; the query is the list's or the report's own.

const errors = ["unauthorized", "forbidden", "invalid_request"] satisfies ErrorCode[];
const tag = "affiliate reports";

const csv = {
  status: 200,
  description: "The download (Content-Disposition: attachment)",
  schema: z.string().meta({
    description:
      "RFC 4180 CSV in UTF-8 (CRLF line ends, a header row). Text cells that begin with =, +, -, @, tab or carriage return " +
      "start with an apostrophe so that no spreadsheet runs them as a formula. Streamed: any number of rows.",
  }),
  contentType: "text/csv",
};
const jsonLines = {
  status: 200,
  description: "The download (Content-Disposition: attachment)",
  schema: z.string().meta({ description: "JSON Lines: one JSON object per line with the CSV's columns as keys. Streamed." }),
  contentType: "application/jsonl",
};

const earnings = "The report's rows with its parameters.";
const exchanges =
  "The exchange list's filters, plus `from` and `to` (days in the tenant's time zone, on the day of " +
  "execution, or of first sight if never executed). Newest first, as the list.";
const orders = "The order list's filters. Newest first, as the list.";

// GET /api/reports/earnings.csv – the earnings report's rows, with its parameters
export const earningsCsv = endpoint({
  method: "GET",
  path: "/reports/earnings.csv",
  access: {},
  query: earningsQuerySchema,
  doc: { operationId: "getEarningsReportCsv", summary: "The earnings report as CSV", description: earnings, tag, success: csv, errors },
  handler: async ({ db, tenant, query }) => exportEarnings(await earningsReport(db, tenant.id, tenant.timeZone, query), "csv"),
});

// GET /api/reports/earnings.jsonl – the earnings report's rows, with its parameters
export const earningsJsonLines = endpoint({
  method: "GET",
  path: "/reports/earnings.jsonl",
  access: {},
  query: earningsQuerySchema,
  doc: {
    operationId: "getEarningsReportJsonLines",
    summary: "The earnings report as JSON Lines",
    description: earnings,
    tag,
    success: jsonLines,
    errors,
  },
  handler: async ({ db, tenant, query }) => exportEarnings(await earningsReport(db, tenant.id, tenant.timeZone, query), "jsonl"),
});

// GET /api/exchanges/export.csv – the exchange list's filters, plus from and to (days)
export const exchangesCsv = endpoint({
  method: "GET",
  path: "/exchanges/export.csv",
  access: {},
  query: exchangeExportQuerySchema,
  doc: { operationId: "exportExchangesCsv", summary: "The exchanges as CSV", description: exchanges, tag, success: csv, errors },
  handler: async ({ db, tenant, query }) => exportExchanges(db, tenant, query, "csv"),
});

// GET /api/exchanges/export.jsonl – the exchange list's filters, plus from and to (days)
export const exchangesJsonLines = endpoint({
  method: "GET",
  path: "/exchanges/export.jsonl",
  access: {},
  query: exchangeExportQuerySchema,
  doc: {
    operationId: "exportExchangesJsonLines",
    summary: "The exchanges as JSON Lines",
    description: exchanges,
    tag,
    success: jsonLines,
    errors,
  },
  handler: async ({ db, tenant, query }) => exportExchanges(db, tenant, query, "jsonl"),
});

// GET /api/orders/export.csv – the order list's filters
export const ordersCsv = endpoint({
  method: "GET",
  path: "/orders/export.csv",
  access: {},
  query: orderExportQuerySchema,
  doc: { operationId: "exportOrdersCsv", summary: "The orders as CSV", description: orders, tag, success: csv, errors },
  handler: async ({ db, tenant, query }) => exportOrders(db, tenant, query, "csv"),
});

// GET /api/orders/export.jsonl – the order list's filters
export const ordersJsonLines = endpoint({
  method: "GET",
  path: "/orders/export.jsonl",
  access: {},
  query: orderExportQuerySchema,
  doc: { operationId: "exportOrdersJsonLines", summary: "The orders as JSON Lines", description: orders, tag, success: jsonLines, errors },
  handler: async ({ db, tenant, query }) => exportOrders(db, tenant, query, "jsonl"),
});

export const exportEndpoints = [earningsCsv, earningsJsonLines, exchangesCsv, exchangesJsonLines, ordersCsv, ordersJsonLines];
