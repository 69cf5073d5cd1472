import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { ApiError } from "@/lib/errors";
import {
  operatorRequestLogQuerySchema,
  requestLogDetailSchema,
  requestLogErrorsQuerySchema,
  requestLogErrorsSchema,
  requestLogPageSchema,
  requestLogQuerySchema,
} from "@/lib/dashboard/contract/request-logs-api";
import { listRequestLogs, requestLogDetail } from "@/lib/dashboard/request-log/list-logs";
import { requestLogErrors } from "@/lib/dashboard/request-log/error-groups";
import { operatorViewer, tenantViewer } from "@/lib/dashboard/request-log/viewer";
import { endpoint } from "../endpoint";

// The request logs (docs/request-logs.md): the tenant's recorded calls, their errors grouped, and
// the operator console's view of every client's sandbox calls.

const read = ["unauthorized", "invalid_request"] satisfies ErrorCode[];
const operators = { roles: ["operator" as const], scope: "global" as const };
const rowParam = { id: "The row's id" };
const whoSees =
  "One row per call, of two sources. dashboard: the dashboard's calls to the tenant's service. integration (while the " +
  "tenant's upstream is this app's sandbox): every request its API client made to the sandbox itself. Secrets are " +
  "masked; viewers get no bodies.";

/** A row's id as the path gives it: a positive integer, else it names nothing (404). */
function rowOf(raw: string | undefined): number {
  const id = /^[1-9]\d{0,15}$/.test(raw ?? "") ? Number(raw) : null;
  if (id === null) throw new ApiError("not_found", "No such request log entry");
  return id;
}

// GET /api/request-logs?since=&until=&status=&method=&path=&error_code=&source=&api_key_id=&user_id=&before=&limit=
export const listLogs = endpoint({
  method: "GET",
  path: "/request-logs",
  access: {},
  query: requestLogQuerySchema,
  doc: {
    operationId: "listRequestLogs",
    summary: "Request logs",
    description: `The tenant's recorded calls, newest first, paged by \`before\`. ${whoSees}`,
    tag: "request logs",
    success: { status: 200, description: "A page of calls", schema: requestLogPageSchema },
    errors: read,
  },
  handler: async ({ db, tenant, user, query }) => Response.json(await listRequestLogs(db, tenantViewer(tenant, user.role), query)),
});

// GET /api/request-logs/errors?window=24h|7d&source= – failed calls grouped by error code and route
export const listLogErrors = endpoint({
  method: "GET",
  path: "/request-logs/errors",
  access: {},
  query: requestLogErrorsQuerySchema,
  doc: {
    operationId: "listRequestLogErrors",
    summary: "Failed calls grouped by cause",
    description:
      "Calls answered with a status of 400 or more over the last 24 hours (hourly counts) or 7 days (daily counts), grouped " +
      "by error code, method and route, most frequent first, with the window's totals for an error rate.",
    tag: "request logs",
    success: { status: 200, description: "The groups", schema: requestLogErrorsSchema },
    errors: read,
  },
  handler: async ({ db, tenant, user, query }) => Response.json(await requestLogErrors(db, tenantViewer(tenant, user.role), query)),
});

// GET /api/request-logs/{id} – one call with its headers and bodies (viewers: without the bodies)
export const getLog = endpoint({
  method: "GET",
  path: "/request-logs/{id}",
  access: {},
  doc: {
    operationId: "getRequestLog",
    summary: "One recorded call",
    description: "With its headers (secrets masked) and bodies (each up to 16 KiB; viewers get none).",
    tag: "request logs",
    pathParams: rowParam,
    success: { status: 200, description: "The call", schema: requestLogDetailSchema },
    errors: ["unauthorized", "not_found"],
  },
  handler: async ({ db, tenant, user, params }) => {
    const id = rowOf(params.id);
    return Response.json(await requestLogDetail(db, tenantViewer(tenant, user.role), id));
  },
});

// GET /api/operator/request-logs?client_id=&… – every client's sandbox calls (operators)
export const listAnyLogs = endpoint({
  method: "GET",
  path: "/operator/request-logs",
  access: operators,
  query: operatorRequestLogQuerySchema,
  doc: {
    operationId: "listAllRequestLogs",
    summary: "Every client's sandbox calls",
    description:
      "Every call to this app's sandbox across clients, newest first, with the client of each (operators): each client's " +
      "own (source integration, those naming no known client included) and the dashboard's made with a tenant's client " +
      "(source dashboard), one row per call.",
    tag: "operator console",
    success: { status: 200, description: "A page of calls", schema: requestLogPageSchema },
    errors: ["unauthorized", "forbidden", "invalid_request"],
  },
  handler: async ({ db, query }) => Response.json(await listRequestLogs(db, operatorViewer(query.client_id ?? null), query)),
});

// GET /api/operator/request-logs/{id} – one sandbox call of any client, with its headers and bodies (operators)
export const getAnyLog = endpoint({
  method: "GET",
  path: "/operator/request-logs/{id}",
  access: operators,
  doc: {
    operationId: "getAnyRequestLog",
    summary: "One sandbox call of any client",
    description: "With its headers (secrets masked) and bodies (each up to 16 KiB) (operators).",
    tag: "operator console",
    pathParams: rowParam,
    success: { status: 200, description: "The call", schema: requestLogDetailSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
  handler: async ({ db, params }) => {
    const id = rowOf(params.id);
    return Response.json(await requestLogDetail(db, operatorViewer(null), id));
  },
});

export const requestLogEndpoints = [listLogs, listLogErrors, getLog, listAnyLogs, getAnyLog];
