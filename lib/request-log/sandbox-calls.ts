import "server-only";
import { env } from "@/lib/env";
import { capText, readBody, recordRequest, recording, type RequestLogEntry } from "./record";
import { isOwnCall } from "./own-call";
import { processSingleton } from "@/lib/process-singleton";

// The sandbox's request log: every request to /sandbox/v1/** recorded under its API client
// (docs/request-logs.md). A request refused before its client was known (no or an unknown
// client_id) is recorded without one: only the operator console sees it, and the unknown id,
// which may be a mistyped credential, is not kept (its Authorization header is masked as always).
// The request body is what the route read of it: the route reads the recording's copy of the
// request, whose body keeps each chunk as it passes (keptWhileRead), so a request refused before
// its body was read is recorded without one, and the log never reads a body itself. A call the dashboard made with a good mark of its own
// (lib/request-log/own-call.ts) is not recorded here: the dashboard's recorder has it, under its
// tenant and cause, and a second row would be counted as the integration's.

/** The caller of a request, as its route learns it: set once the client_id was found. */
export type Caller = { clientId: string | null };

/** What the route read of the request's body: whether it began, every chunk, and whether it stopped before the end. */
export type BodyRead = { began: boolean; chunks: Uint8Array[]; cut: boolean };

/**
 * What is kept of a request while it is served, to be recorded once its answer is made. `req` is
 * the request the route is handed: the one received, with a body that keeps what the route reads.
 */
export type Recording = {
  req: Request;
  received: Request;
  url: URL;
  caller: Caller;
  body: BodyRead | null;
  started: number;
  createdAt: Date;
};

/**
 * The request as its route reads it: its body passes each chunk on as the route asks for it and
 * keeps it for the log. Nothing is read before the route reads (no chunk is asked for ahead), so a
 * body the route never reads holds no connection; a route that stops reading (a body past its cap)
 * cancels it, and the log keeps it as far as it was read, cut.
 */
export function keptWhileRead(received: Request, body: BodyRead): Request {
  const source = received.body;
  if (!source) return received;
  const reader = source.getReader();
  const passed = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        body.began = true;
        const { done, value } = await reader.read();
        if (done) return controller.close();
        body.chunks.push(value);
        controller.enqueue(value);
      },
      cancel(reason) {
        body.cut = true;
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Request(received.url, {
    method: received.method,
    headers: received.headers,
    body: passed,
    signal: received.signal,
    duplex: "half",
  } as RequestInit);
}

/** Starts the recording of a request of the REST API v1 (null for any other, or with REQUEST_LOG=off). */
export function startRecording(received: Request): Recording | null {
  if (!recording()) return null;
  const url = new URL(received.url);
  if (!url.pathname.startsWith("/sandbox/v1/")) return null;
  const body: BodyRead | null = received.body ? { began: false, chunks: [], cut: false } : null;
  const req = body ? keptWhileRead(received, body) : received;
  return { req, received, url, caller: { clientId: null }, body, started: performance.now(), createdAt: new Date() };
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
  if (isOwnCall(recorded.received, requestId, recorded.createdAt.getTime())) return;
  const durationMs = performance.now() - recorded.started;
  const kept = answerTexts.get(response);
  const { received: req, url, body } = recorded;
  // a body the route never read is none: the log does not read it
  const read = body?.began ? body : null;
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
    requestBody: read ? Buffer.concat(read.chunks).toString("utf8") : null,
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
