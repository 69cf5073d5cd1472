import { routeOf } from "@/lib/http/route-of";
import { maskBody, maskHeaders, maskQuery, maskString, NOT_JSON, parseJson, storable, type HeaderList } from "./mask";
import { clientKeyOf } from "./client-key";
import { z } from "zod";
import { UNKNOWN_UPSTREAM_CODE } from "@/lib/service-api/codes";

// A request log row made of a call: masked, cut, its error code and the exchange or order it
// concerns found (record.ts hands calls over and writes the rows in batches).

/** One call as its recorder saw it, before masking. */
export type RequestLogEntry = {
  source: "upstream" | "sandbox";
  tenantId?: string | null;
  /** The API client's client_id: hashed before it is stored (client-key.ts), masked wherever it stands. */
  clientId?: string | null;
  /** Other credentials of the call (the tenant's client_id for an upstream call): masked wherever they stand. */
  knownSecrets?: string[];
  dashboardRequestId?: string | null;
  userId?: string | null;
  apiKeyId?: string | null;
  method: string;
  path: string;
  /** Without "?". */
  query: string;
  status: number;
  /** The service's error code; undefined: the `error` of the response's JSON body, if it failed. */
  errorCode?: string | null;
  durationMs: number;
  requestId: string | null;
  correlationId: string | null;
  userAgent: string | null;
  sourceAddress: string | null;
  requestHeaders: HeaderList;
  responseHeaders: HeaderList;
  requestBody: string | null;
  responseBody: string | null;
  /** The response body's JSON value, when the recorder has it (the sandbox's own answers): not parsed again. */
  responseJson?: unknown;
  /** The body was longer than what was read of it (readBody). */
  requestBodyCut?: boolean;
  responseBodyCut?: boolean;
  createdAt: Date;
};

/** A row: the table's columns by their names, but its id (rowText sends it as the INSERT takes it). */
export type StoredRow = {
  created_at: string;
  source: "upstream" | "sandbox";
  tenant_id: string | null;
  client_key: string | null;
  dashboard_request_id: string | null;
  user_id: string | null;
  api_key_id: string | null;
  method: string;
  path: string;
  route: string;
  query: string | null;
  status: number;
  error_code: string | null;
  duration_ms: number;
  request_id: string | null;
  correlation_id: string | null;
  user_agent: string | null;
  source_address: string | null;
  request_headers: Record<string, string>;
  response_headers: Record<string, string>;
  request_body: string | null;
  request_body_cut: boolean;
  response_body: string | null;
  response_body_cut: boolean;
  exchange_id: string | null;
  order_id: string | null;
};
/**
 * What a batch written tells its listeners (the dashboard's live stream): who may see its rows,
 * an owner (a tenant, or a sandbox client) at a time, with the newest id and how many rows it got.
 */
export type WrittenRows = { tenantId: string | null; clientKey: string | null; id: number; count: number };
export const writtenRowsSchema = z.array(
  z.object({
    tenantId: z.string().nullable(),
    clientKey: z.string().nullable(),
    id: z.coerce.number().int(),
    count: z.coerce.number().int(),
  }),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

/** The exchange and order a call concerns: named by its path, else by its answer's (or request's) JSON body. */
function relatedIds(path: string, bodies: unknown[]): { exchange_id: string | null; order_id: string | null } {
  const inPath = /\/v1\/(exchanges|orders)\/([^/?]+)/.exec(path);
  let exchangeId = inPath?.[1] === "exchanges" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  let orderId = inPath?.[1] === "orders" && isUuid(inPath[2]) ? inPath[2].toLowerCase() : null;
  for (const body of bodies) {
    const fields = objectOf(body);
    if (!fields || (exchangeId && orderId)) continue;
    if (!orderId && isUuid(fields.order_id)) orderId = fields.order_id.toLowerCase();
    if (!exchangeId && isUuid(fields.exchange_id)) exchangeId = fields.exchange_id.toLowerCase();
    if (isUuid(fields.id) && /\/v1\/orders\/?$/.test(path)) orderId ??= fields.id.toLowerCase();
  }
  return { exchange_id: exchangeId, order_id: orderId };
}

/** An error code as a row keeps it: a code's shape (lower case, digits, _), else upstream_error (the body keeps the rest). */
const CODE = /^[a-z][a-z0-9_]{0,99}$/;
const checkedCode = (code: string | null): string | null => (code === null || CODE.test(code) ? code : UNKNOWN_UPSTREAM_CODE);

/** The `error` of a failed call's JSON body, or null. */
function errorOf(status: number, body: unknown): string | null {
  const code = status >= 400 ? objectOf(body)?.error : undefined;
  return typeof code === "string" ? code : null;
}

const text = (value: string | null | undefined, max = 500) => (value ? storable(value).slice(0, max) : null);

export function toRow(entry: RequestLogEntry): StoredRow {
  const requestJson = parseJson(entry.requestBody);
  const responseJson = entry.responseJson !== undefined && entry.responseBody !== null ? entry.responseJson : parseJson(entry.responseBody);
  // the caller's client_id is a credential: masked wherever it stands, never stored
  const known = entry.clientId ? [entry.clientId, ...(entry.knownSecrets ?? [])] : (entry.knownSecrets ?? []);
  const request = maskBody(entry.requestBody, entry.requestBodyCut, requestJson, known);
  const response = maskBody(entry.responseBody, entry.responseBodyCut, responseJson, known);
  const errorCode = checkedCode(entry.errorCode === undefined ? errorOf(entry.status, responseJson) : entry.errorCode);
  return {
    created_at: entry.createdAt.toISOString(),
    source: entry.source,
    tenant_id: entry.tenantId ?? null,
    client_key: entry.clientId ? clientKeyOf(entry.clientId) : null,
    dashboard_request_id: text(entry.dashboardRequestId, 200),
    user_id: entry.userId ?? null,
    api_key_id: entry.apiKeyId ?? null,
    method: storable(entry.method).slice(0, 20),
    path: maskString(storable(entry.path), known).slice(0, 2000),
    route: storable(routeOf(entry.path)).slice(0, 500),
    query: text(maskQuery(entry.query, known), 2000),
    status: entry.status,
    error_code: text(errorCode, 100),
    duration_ms: Math.max(0, Math.round(entry.durationMs)),
    request_id: text(entry.requestId, 200),
    correlation_id: text(entry.correlationId, 200),
    user_agent: text(entry.userAgent),
    source_address: text(entry.sourceAddress, 100),
    request_headers: maskHeaders(entry.requestHeaders, known),
    response_headers: maskHeaders(entry.responseHeaders, known),
    request_body: request.body,
    request_body_cut: request.cut,
    response_body: response.body,
    response_body_cut: response.cut,
    ...relatedIds(
      entry.path,
      [responseJson, requestJson].filter((body) => body !== NOT_JSON),
    ),
  };
}

/** The columns a row names (StoredRow's keys), in the order the INSERT lists them and rowText sends them. */
export const STORED_COLUMNS = [
  "created_at",
  "source",
  "tenant_id",
  "client_key",
  "dashboard_request_id",
  "user_id",
  "api_key_id",
  "method",
  "path",
  "route",
  "query",
  "status",
  "error_code",
  "duration_ms",
  "request_id",
  "correlation_id",
  "user_agent",
  "source_address",
  "request_headers",
  "response_headers",
  "request_body",
  "request_body_cut",
  "response_body",
  "response_body_cut",
  "exchange_id",
  "order_id",
] as const satisfies readonly (keyof StoredRow)[];

/**
 * A row as the INSERT takes it: the JSON array of its values in STORED_COLUMNS' order. Without
 * the names, the database reads each value by its place, which costs it far less than matching
 * every row's names to the columns (json_populate_recordset): docs/benchmarks.md, section 9.
 */
export const rowText = (row: StoredRow): string => JSON.stringify(STORED_COLUMNS.map((name) => row[name]));
