import {
  operatorRequestLogQuerySchema,
  requestLogDetailSchema,
  requestLogErrorsQuerySchema,
  requestLogErrorsSchema,
  requestLogPageSchema,
  requestLogQuerySchema,
} from "@/lib/dashboard/contract/request-logs-api";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of the request logs (docs/request-logs.md).

const read = ["unauthorized", "invalid_request"] satisfies ErrorCode[];
const whoSees =
  "One row per call, of two sources. dashboard: the dashboard's calls to the tenant's service. integration (while the " +
  "tenant's upstream is this app's sandbox): every request its API client made to the sandbox itself. Secrets are " +
  "masked; viewers get no bodies.";

export const requestLogOperations: Operation[] = [
  {
    method: "get",
    path: "/request-logs",
    operationId: "listRequestLogs",
    summary: "Request logs",
    description: `The tenant's recorded calls, newest first, paged by \`before\`. ${whoSees}`,
    tag: "request logs",
    query: requestLogQuerySchema,
    success: { status: 200, description: "A page of calls", schema: requestLogPageSchema },
    errors: read,
  },
  {
    method: "get",
    path: "/request-logs/errors",
    operationId: "listRequestLogErrors",
    summary: "Failed calls grouped by cause",
    description:
      "Calls answered with a status of 400 or more over the last 24 hours (hourly counts) or 7 days (daily counts), grouped " +
      "by error code, method and route, most frequent first, with the window's totals for an error rate.",
    tag: "request logs",
    query: requestLogErrorsQuerySchema,
    success: { status: 200, description: "The groups", schema: requestLogErrorsSchema },
    errors: read,
  },
  {
    method: "get",
    path: "/request-logs/{id}",
    operationId: "getRequestLog",
    summary: "One recorded call",
    description: "With its headers (secrets masked) and bodies (each up to 16 KiB; viewers get none).",
    tag: "request logs",
    pathParams: { id: "The row's id" },
    success: { status: 200, description: "The call", schema: requestLogDetailSchema },
    errors: ["unauthorized", "not_found"],
  },
  {
    method: "get",
    path: "/operator/request-logs",
    operationId: "listAllRequestLogs",
    summary: "Every client's sandbox calls",
    description:
      "Every call to this app's sandbox across clients, newest first, with the client of each (operators): each client's " +
      "own (source integration, those naming no known client included) and the dashboard's made with a tenant's client " +
      "(source dashboard), one row per call.",
    tag: "operator console",
    query: operatorRequestLogQuerySchema,
    success: { status: 200, description: "A page of calls", schema: requestLogPageSchema },
    errors: ["unauthorized", "forbidden", "invalid_request"],
  },
  {
    method: "get",
    path: "/operator/request-logs/{id}",
    operationId: "getAnyRequestLog",
    summary: "One sandbox call of any client",
    description: "With its headers (secrets masked) and bodies (each up to 16 KiB) (operators).",
    tag: "operator console",
    pathParams: { id: "The row's id" },
    success: { status: 200, description: "The call", schema: requestLogDetailSchema },
    errors: ["unauthorized", "forbidden", "not_found"],
  },
];
