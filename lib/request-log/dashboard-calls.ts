import "server-only";
import type { RecordedCall } from "@/lib/service-api/client";
import { recordRequest } from "./record";
import { ownCallHeaders } from "./own-call";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";

// The dashboard's side of the request log (docs/request-logs.md): every call a tenant's client of
// its service makes, from a page, the API or background work, recorded under the tenant with the
// dashboard request, member or API key that caused it (the request context the server keeps for
// each request, lib/runtime/server-runtime.mjs; none for background work). The dashboard says
// whether a tenant's upstream is this app's own sandbox (`ownSandbox`): a call to it is marked as
// the dashboard's (own-call.ts), so that the sandbox does not record it a second time as the API
// client's, and its row names the client (client_key), so that the operator's view of every
// client's sandbox calls holds it too.

/** The mark of the tenant's calls: only this app's own sandbox is told that a call is the dashboard's. */
export function ownCallMarkFor(ownSandbox: boolean): typeof ownCallHeaders | undefined {
  return ownSandbox ? ownCallHeaders : undefined;
}

/** The recorder of one tenant's calls (its client's `record`). */
export function recorderFor(tenant: { id: string; baseUrl: string; clientId: string }, ownSandbox: boolean): (call: RecordedCall) => void {
  return (call) => {
    const cause = serverRuntime().requests.getStore();
    const url = new URL(`${tenant.baseUrl.replace(/\/+$/, "")}${call.path}`);
    recordRequest({
      source: "upstream",
      tenantId: tenant.id,
      // hashed into client_key; a client_id is masked wherever it stands
      clientId: ownSandbox ? tenant.clientId : null,
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
      // the sandbox's answer's, else (no answer) the one the call was sent with, if any
      requestId: call.response?.headers.get("x-request-id") ?? call.requestHeaders["x-request-id"] ?? null,
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
