// The request logs (docs/request-logs.md): every request to the sandbox's REST API v1 (source
// "sandbox", under its API client) and every call the dashboard made to its upstream (source
// "upstream", under its tenant), in one shape. Written in batches after the answer was sent
// (lib/request-log/record.ts); secrets are masked before a row is made.
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { ofTenant } from "./dashboard";

export const requestLogs = pgTable(
  "request_logs",
  {
    /** The lists are newest first by created_at, then id; a page's `next_before` is the id of its last row. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: ts("created_at").notNull(),
    source: text("source").$type<"upstream" | "sandbox">().notNull(),
    /** Upstream rows: the tenant whose dashboard made the call. */
    tenantId: uuid("tenant_id"),
    /** Sandbox rows: the SHA-256 (hex) of the API client's client_id, a credential never stored itself (null: no known client). */
    clientKey: text("client_key"),
    /** Upstream rows: what caused the call (null for background work). */
    dashboardRequestId: text("dashboard_request_id"),
    userId: uuid("user_id"),
    apiKeyId: uuid("api_key_id"),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** The path with ids left out: the errors view groups by it. */
    route: text("route").notNull(),
    query: text("query"),
    status: integer("status").notNull(),
    errorCode: text("error_code"),
    durationMs: integer("duration_ms").notNull(),
    requestId: text("request_id"),
    correlationId: text("correlation_id"),
    userAgent: text("user_agent"),
    sourceAddress: text("source_address"),
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>().notNull(),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>().notNull(),
    requestBody: text("request_body"),
    requestBodyCut: boolean("request_body_cut").notNull().default(false),
    responseBody: text("response_body"),
    responseBodyCut: boolean("response_body_cut").notNull().default(false),
    exchangeId: uuid("exchange_id"),
    orderId: uuid("order_id"),
  },
  (t) => [
    ofTenant("request_logs", t.tenantId),
    check("request_logs_source_check", sql`${t.source} IN ('upstream', 'sandbox')`),
    // newest first (created_at, then id) by its owner: a tenant's list, a client's (the sandbox rows a
    // tenant or the operator reads); a window of time of the errors view and the error rate
    index("request_logs_tenant_created")
      .on(t.tenantId, t.createdAt, t.id)
      .where(sql`${t.tenantId} IS NOT NULL`),
    index("request_logs_client_created")
      .on(t.clientKey, t.createdAt, t.id)
      .where(sql`${t.clientKey} IS NOT NULL`),
    // the operator's list of every client's calls, and the retention job
    index("request_logs_created").on(t.createdAt, t.id),
  ],
);
