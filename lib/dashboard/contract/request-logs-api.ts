import * as z from "zod/mini";

// The request logs (/api/request-logs, /api/operator/request-logs): every call a tenant's
// dashboard made to its upstream (source "dashboard") and every request an API client made to
// this app's sandbox itself (source "integration"), one row per call, in one shape. Secrets never
// reach a row: headers and body fields that hold credentials are stored as MASK
// (docs/request-logs.md).

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));
/** A filter's id: checked here, for the database's uuid column refuses anything else (a 500, not a 400). */
const uuidFilter = z.guid().check(z.meta({ format: "uuid" }));

/** The sources as the page ("Dashboard", "Your integration"), the API and the command line name them. */
export const requestLogSources = ["dashboard", "integration"] as const;
export type RequestLogSource = (typeof requestLogSources)[number];
/**
 * The names a `source` filter takes: each source's, and its former name in the API (`upstream`,
 * `sandbox`), still taken for links and scripts made before; answers use the new ones.
 */
const sourceNames = {
  dashboard: "dashboard",
  integration: "integration",
  upstream: "dashboard",
  sandbox: "integration",
} as const satisfies Record<string, RequestLogSource>;
const sourceFilter = z
  .nullish(
    z.pipe(
      z.enum(["dashboard", "integration", "upstream", "sandbox"]),
      z.transform((name) => sourceNames[name]),
    ),
  )
  .check(
    z.meta({
      description:
        "dashboard: the dashboard's calls to the tenant's service; integration: the calls your API client made to this " +
        "app's sandbox itself. upstream and sandbox, their former names, are taken as the same.",
    }),
  );
export const statusClasses = ["2xx", "3xx", "4xx", "5xx"] as const;
export const requestLogMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export const errorWindows = ["24h", "7d"] as const;
export type ErrorWindow = (typeof errorWindows)[number];

/** MASK: what a masked header or body field holds; BODY_LIMIT_BYTES: bodies are cut past it (`*_body_cut`). */
export { BODY_LIMIT_BYTES, MASK } from "@/lib/request-log/limits";

const text = (max: number) => z.nullish(z.string().check(z.minLength(1), z.maxLength(max)));

/** The filters of both lists (the operator's adds client_id). Every one is optional. */
const filterShape = {
  since: z.nullish(z.iso.datetime({ offset: true })).check(z.meta({ description: "Rows at or after this instant" })),
  until: z.nullish(z.iso.datetime({ offset: true })).check(z.meta({ description: "Rows before this instant" })),
  status: z.nullish(z.enum(statusClasses)).check(z.meta({ description: "Status class: 2xx, 3xx, 4xx or 5xx" })),
  method: z.nullish(z.enum(requestLogMethods)),
  path: text(500).check(z.meta({ description: "Path prefix, e.g. /v1/orders (calls to this app's sandbox: /sandbox/v1/orders)" })),
  error_code: text(100).check(z.meta({ description: "The error code of the answer, e.g. invalid_signature" })),
  source: sourceFilter,
  api_key_id: z.nullish(uuidFilter).check(z.meta({ description: "Upstream calls caused by this API key of the dashboard" })),
  user_id: z.nullish(uuidFilter).check(z.meta({ description: "Upstream calls caused by this member" })),
  before: z.nullish(z.coerce.number().check(z.int(), z.positive())).check(z.meta({ description: "`next_before` of the previous page" })),
  limit: z
    ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50)
    .check(z.meta({ description: "Page size, 1 to 100" })),
};

/** GET /api/request-logs: newest first, paged by `before`. */
export const requestLogQuerySchema = z.object(filterShape);
export type RequestLogQuery = z.infer<typeof requestLogQuerySchema>;

/** GET /api/operator/request-logs: every call to this app's sandbox: the clients' own, and the dashboard's to it. */
export const operatorRequestLogQuerySchema = z.object({
  ...filterShape,
  client_id: text(200).check(z.meta({ description: "Only this API client's calls" })),
});
export type OperatorRequestLogQuery = z.infer<typeof operatorRequestLogQuerySchema>;

/** One row of the list. */
export const requestLogItemSchema = z.object({
  id: z.int(),
  /** dashboard: a call of the dashboard to the tenant's service; integration: a request the API client sent to the sandbox itself. */
  source: z.enum(requestLogSources),
  created_at: isoTimestamp,
  method: z.string(),
  /** As requested, without the query. */
  path: z.string(),
  /** The path with ids left out (/v1/orders/{id}): what the errors view groups by. */
  route: z.string(),
  /** The query string without "?", or null. */
  query: z.nullable(z.string()),
  /** The answer's status; 502 or 504 for an upstream call that got no answer (error_code says which). */
  status: z.int(),
  /** The `error` of the answer's error body, or the dashboard's own code when the call got no answer. */
  error_code: z.nullable(z.string()),
  duration_ms: z.int(),
  request_id: z.nullable(z.string()),
  correlation_id: z.nullable(z.string()),
  /**
   * Calls to this app's sandbox, operator console only (null elsewhere): the SHA-256 (hex) of the
   * API client's client_id (the one the dashboard's call was made with, for its rows), which is a
   * credential and never stored itself; null when the request named no existing client. The
   * operator's `client_id` filter hashes the id it is given.
   */
  client_key: z.nullable(z.string()),
  /** Dashboard rows: the dashboard request, member or API key that caused the call (null for background work). */
  dashboard_request_id: z.nullable(z.string()),
  user_id: z.nullable(uuid),
  api_key_id: z.nullable(uuid),
  /** The exchange or order the path or the bodies name. */
  exchange_id: z.nullable(uuid),
  order_id: z.nullable(uuid),
});
export type RequestLogItem = z.infer<typeof requestLogItemSchema>;

export const requestLogPageSchema = z.object({
  data: z.array(requestLogItemSchema),
  /** The `before` of the next (older) page; null on the last. */
  next_before: z.nullable(z.int()),
});
export type RequestLogPage = z.infer<typeof requestLogPageSchema>;

/** GET /api/request-logs/{id}: the row with its headers and bodies. */
export const requestLogDetailSchema = z.extend(requestLogItemSchema, {
  user_agent: z.nullable(z.string()),
  /** The caller's address (integration rows); null for the dashboard's calls. */
  source_address: z.nullable(z.string()),
  /** Lower-case names; secrets stored as MASK. */
  request_headers: z.record(z.string(), z.string()),
  response_headers: z.record(z.string(), z.string()),
  /**
   * The bodies as sent (secret fields as MASK), at most BODY_LIMIT_BYTES each; null when there
   * was none, and for viewers (`bodies_hidden`).
   */
  request_body: z.nullable(z.string()),
  request_body_cut: z.boolean(),
  response_body: z.nullable(z.string()),
  response_body_cut: z.boolean(),
  /** true for a viewer: the bodies are left out. */
  bodies_hidden: z.boolean(),
});
export type RequestLogDetail = z.infer<typeof requestLogDetailSchema>;

/** GET /api/request-logs/errors */
export const requestLogErrorsQuerySchema = z.object({
  window: z._default(z.enum(errorWindows), "24h").check(z.meta({ description: "24h (hourly buckets) or 7d (daily buckets)" })),
  source: sourceFilter,
});
export type RequestLogErrorsQuery = z.infer<typeof requestLogErrorsQuerySchema>;

export const requestLogErrorGroupSchema = z.object({
  /** The error code, or null for a failure without one (e.g. a 5xx without an error body). */
  error_code: z.nullable(z.string()),
  method: z.string(),
  route: z.string(),
  /** The status of the latest example. */
  status: z.int(),
  count: z.int(),
  first_seen: isoTimestamp,
  last_seen: isoTimestamp,
  /** Per bucket of the window, oldest first: 24 hours or 7 days; the last bucket is the current one. */
  buckets: z.array(z.int()),
  /** The latest failed call of the group (GET /api/request-logs/{id}). */
  latest_id: z.int(),
});
export type RequestLogErrorGroup = z.infer<typeof requestLogErrorGroupSchema>;

export const requestLogErrorsSchema = z.object({
  window: z.enum(errorWindows),
  /** The start of the first bucket (bucket i covers bucket_start + i × bucket length). */
  bucket_start: isoTimestamp,
  bucket: z.enum(["hour", "day"]),
  /** Most frequent first (at most 100 groups). */
  groups: z.array(requestLogErrorGroupSchema),
  /** Failed calls (status ≥ 400) in the window, and every call, for an error rate. */
  failed: z.int(),
  total: z.int(),
});
export type RequestLogErrors = z.infer<typeof requestLogErrorsSchema>;

/**
 * `event: request_log` of GET /api/events (no SSE id): a batch of the tenant's rows was written,
 * one frame per batch; just enough to refetch the first page.
 */
export const requestLogFrameSchema = z
  .object({
    /** The newest id written. */
    id: z.int(),
    /** Rows of the tenant in the batch. */
    count: z.int(),
  })
  .check(z.meta({ description: "data of `event: request_log` (no SSE id)" }));
export type RequestLogFrame = z.infer<typeof requestLogFrameSchema>;
