import "server-only";
import { env } from "@/lib/env";
import { errorCodeOf, readBody, recordRequest, recording, type RequestLogEntry } from "@/lib/request-log/record";
import { bodiesRead } from "@/lib/http/read-body";

// The sandbox's request log: every request to /sandbox/v1/** recorded under its API client
// (docs/request-logs.md). A request refused before its client was known (no or an unknown
// client_id) is recorded without one: only the operator console sees it, and the unknown id,
// which may be a mistyped credential, is not kept (its Authorization header is masked as always).
// The request body is what the route read of it (lib/http/read-body.ts): a request refused before
// its body was read is recorded without one.

/** The caller of a request, as its route learns it: set once the client_id was found. */
export type Caller = { clientId: string | null };

/** What is kept of a request while it is served, to be recorded once its answer is made. */
export type Recording = { req: Request; caller: Caller; started: number; createdAt: Date };

const isApiPath = (req: Request) => new URL(req.url).pathname.startsWith("/sandbox/v1/");

/** Starts the recording of a request of the REST API v1 (null for any other, or with REQUEST_LOG=off). */
export function startRecording(req: Request): Recording | null {
  if (!recording() || !isApiPath(req)) return null;
  return { req, caller: { clientId: null }, started: performance.now(), createdAt: new Date() };
}

/** The caller's address: the entry of X-Forwarded-For our server or the last trusted proxy appended. */
function sourceAddress(headers: Headers): string | null {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - 1 - env().trustedProxyHops)] ?? null;
}

/** Hands the request and its answer to the log; the bodies are read after the answer went. */
export function finishRecording(recorded: Recording, response: Response, requestId: string): void {
  const durationMs = performance.now() - recorded.started;
  const answer = response.body ? response.clone() : null;
  const { req } = recorded;
  const url = new URL(req.url);
  const entry = async (): Promise<RequestLogEntry> => {
    const read = bodiesRead.get(req);
    const request = { text: read ? read.bytes.toString("utf8") : null, cut: read?.cut ?? false };
    const responseBody = await readBody(answer?.body ?? null);
    return {
      source: "sandbox",
      clientId: recorded.caller.clientId,
      method: req.method,
      path: url.pathname,
      query: url.search.slice(1),
      status: response.status,
      errorCode: errorCodeOf(response.status, responseBody.text),
      durationMs,
      requestId,
      correlationId: req.headers.get("x-correlation-id"),
      userAgent: req.headers.get("user-agent"),
      sourceAddress: sourceAddress(req.headers),
      requestHeaders: req.headers,
      responseHeaders: response.headers,
      requestBody: request.text,
      requestBodyCut: request.cut,
      responseBody: responseBody.text,
      responseBodyCut: responseBody.cut,
      createdAt: recorded.createdAt,
    };
  };
  void recordRequest(entry());
}
