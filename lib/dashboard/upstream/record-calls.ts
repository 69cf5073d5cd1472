import "server-only";
import type { RecordedCall } from "@/lib/service-api/client";
import { recordRequest } from "@/lib/request-log/record";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";

// The dashboard's side of the request log (docs/request-logs.md): every call a tenant's client of
// its service makes, from a page, the API or background work, recorded under the tenant with the
// dashboard request, member or API key that caused it (the request context the server keeps for
// each request, lib/runtime/server-runtime.mjs; none for background work).

/** The recorder of one tenant's calls (its client's `record`). */
export function recorderFor(tenant: { id: string; baseUrl: string; clientId: string }): (call: RecordedCall) => void {
  return (call) => {
    const cause = serverRuntime().requests.getStore();
    const url = new URL(`${tenant.baseUrl.replace(/\/+$/, "")}${call.path}`);
    recordRequest({
      source: "upstream",
      tenantId: tenant.id,
      // the tenant's credential: masked wherever the service echoes it
      knownSecrets: [tenant.clientId],
      dashboardRequestId: cause?.requestId ?? null,
      // a key acts for its creator: the key is the cause named
      userId: cause?.apiKeyId ? null : (cause?.userId ?? null),
      apiKeyId: cause?.apiKeyId ?? null,
      method: call.method,
      path: url.pathname,
      query: url.search.slice(1),
      status: call.status,
      errorCode: call.code,
      durationMs: call.durationMs,
      requestId: call.response?.headers.get("x-request-id") ?? null,
      correlationId: call.response?.headers.get("x-correlation-id") ?? null,
      userAgent: null,
      sourceAddress: null,
      requestHeaders: call.requestHeaders,
      responseHeaders: call.response?.headers ?? {},
      requestBody: call.requestBody,
      responseBody: call.response?.body ?? null,
      createdAt: call.startedAt,
    });
  };
}
