import "server-only";
import { env } from "@/lib/env";
import { capText, readBody, recordRequest, recording, type RequestLogEntry } from "@/lib/request-log/record";
import { isOwnCall } from "@/lib/request-log/own-call";
import { bodiesRead } from "@/lib/http/read-body";
import { processSingleton } from "@/lib/process-singleton";

// The sandbox's request log: every request to /sandbox/v1/** recorded under its API client
// (docs/request-logs.md). A request refused before its client was known (no or an unknown
// client_id) is recorded without one: only the operator console sees it, and the unknown id,
// which may be a mistyped credential, is not kept (its Authorization header is masked as always).
// The request body is what the route read of it (lib/http/read-body.ts): a request refused before
// its body was read is recorded without one. A call the dashboard made with a good mark of its own
// (lib/request-log/own-call.ts) is not recorded here: the dashboard's recorder has it, under its
// tenant and cause, and a second row would be counted as the integration's.

/** The caller of a request, as its route learns it: set once the client_id was found. */
export type Caller = { clientId: string | null };

/** What is kept of a request while it is served, to be recorded once its answer is made. */
export type Recording = { req: Request; url: URL; caller: Caller; started: number; createdAt: Date };

/** Starts the recording of a request of the REST API v1 (null for any other, or with REQUEST_LOG=off). */
export function startRecording(req: Request): Recording | null {
  if (!recording()) return null;
  const url = new URL(req.url);
  if (!url.pathname.startsWith("/sandbox/v1/")) return null;
  return { req, url, caller: { clientId: null }, started: performance.now(), createdAt: new Date() };
}

/** The caller's address: the entry of X-Forwarded-For our server or the last trusted proxy appended. */
function sourceAddress(headers: Headers): string | null {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - 1 - env().trustedProxyHops)] ?? null;
}

// The text of each JSON answer the sandbox's routes made, and the value it was made of (per
// process: a route's modules may be bundled twice). The log takes both as they are, instead of
// teeing the answer's stream to read it again and parsing what it read.
type Answer = { text: string; value: unknown };
const answerTexts = processSingleton("sandbox-answer-texts", () => new WeakMap<Response, Answer>());

/** A JSON answer (as Response.json makes it) whose text the request log keeps without reading its stream. */
export function jsonAnswer(body: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  const response = new Response(text, { ...init, headers });
  answerTexts.set(response, { text, value: body });
  return response;
}

/** Hands the request and its answer to the log; an answer's stream not kept as text is read after it went. */
export function finishRecording(recorded: Recording, response: Response, requestId: string): void {
  if (isOwnCall(recorded.req, requestId, recorded.createdAt.getTime())) return;
  const durationMs = performance.now() - recorded.started;
  const kept = answerTexts.get(response);
  const { req, url } = recorded;
  const read = bodiesRead.get(req);
  const call = {
    source: "sandbox",
    clientId: recorded.caller.clientId,
    method: req.method,
    path: url.pathname,
    query: url.search.slice(1),
    status: response.status,
    durationMs,
    requestId,
    correlationId: req.headers.get("x-correlation-id"),
    userAgent: req.headers.get("user-agent"),
    sourceAddress: sourceAddress(req.headers),
    requestHeaders: req.headers,
    responseHeaders: response.headers,
    requestBody: read ? read.bytes.toString("utf8") : null,
    requestBodyCut: read?.cut ?? false,
    createdAt: recorded.createdAt,
  } satisfies Partial<RequestLogEntry>;
  if (kept !== undefined) {
    const answer = capText(kept.text);
    recordRequest({ ...call, responseBody: answer.text, responseBodyCut: answer.cut, responseJson: kept.value });
    return;
  }
  const answer = response.body ? response.clone().body : null;
  recordRequest(readBody(answer).then((body) => ({ ...call, responseBody: body.text, responseBodyCut: body.cut })));
}
