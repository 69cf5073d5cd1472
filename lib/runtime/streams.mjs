// The server's adapter for long-lived answers (event streams). A stream route never goes through
// Next.js: scripts/server.mjs finds it in the table below, the route (app code, registered at
// boot) authenticates and decides with a web Request, and answers either a plain Response (an
// error, written as it is) or streamResponse(source), which this adapter then holds: it writes
// the head, gives the source a channel to write frames to, beats every held stream, ends them
// all on a drain, and lets go of the socket when the client leaves or stops reading.
//
// Plain JavaScript, shared by scripts/server.mjs and the app's bundle like server-runtime.mjs:
// both copies find one state on globalThis.
import { AsyncResource } from "node:async_hooks";
import { serverRuntime } from "./server-runtime.mjs";
import { compileRoutes, matchRoute, webRequest, writeResponse } from "./route-templates.mjs";

const STATE = Symbol.for("exchange-dashboard.streams");
/** A client that has not read this much of what was written to it is gone: its stream ends. */
export const MAX_UNREAD_BYTES = 1024 * 1024;
const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

/** @returns {import("./streams.d.mts").StreamState} */
function state() {
  const holder = /** @type {Record<symbol, any>} */ (/** @type {unknown} */ (globalThis));
  return (holder[STATE] ??= {
    routes: [],
    sources: new WeakMap(),
    held: new Set(),
    heartbeatMs: 15_000,
    onBeat: () => undefined,
    timer: null,
    // made outside any request: a held stream carries no request's async context (its ids, its memory)
    outsideRequests: new AsyncResource("held-stream"),
  });
}

/**
 * The app's stream routes, by template ("/api/pay/[token]/events"), replacing any registered
 * before; `heartbeatMs` is the beat of every held stream, `onBeat` runs once per beat.
 * @param {import("./streams.d.mts").StreamRoutes} routes
 * @param {{ heartbeatMs: number, onBeat?: () => void }} options
 */
export function registerStreamRoutes(routes, { heartbeatMs, onBeat = () => undefined }) {
  const s = state();
  s.routes = compileRoutes(routes);
  s.heartbeatMs = heartbeatMs;
  s.onBeat = onBeat;
}

/** The stream route of a path, with its decoded parameters, or null. */
export function matchStreamRoute(pathname) {
  return matchRoute(state().routes, pathname);
}

/** An answer that opens a stream: 200 with `headers`, then `source.start(channel)`. */
export function streamResponse(source, headers) {
  const response = new Response(null, { status: 200, headers });
  state().sources.set(response, source);
  return response;
}

/** The streams this process holds. */
export function heldStreams() {
  return state().held.size;
}

/**
 * Ends every held stream with a `retry:` hint spread over `retryMs` to twice that (so that the
 * browsers do not all come back at once): a drain. Returns how many it ended.
 */
export function endAllStreams(retryMs = 1_000) {
  const all = [...state().held];
  for (const channel of all) channel.end(retryMs + Math.floor(Math.random() * retryMs));
  return all.length;
}

/**
 * Answers `req` with a matched stream route. `onHeld` runs once a stream is held (the request is
 * then answered, as far as the server's in-flight count and request log go).
 */
export async function serveStreamRoute(match, req, res, { origin, onHeld }) {
  let response;
  try {
    // no body: a stream route answers GET; other methods get 405
    response = await match.handler(webRequest(req, origin), { params: Promise.resolve(match.params) });
  } catch {
    // a route answers its own errors; a request the Fetch API cannot represent is the client's
    response = Response.json({ error: "invalid_request" }, { status: 400, headers: { "cache-control": "no-store" } });
  }
  const source = state().sources.get(response);
  // an error or a refusal, written as it is
  if (!source) return void (await writeResponse(response, req, res));
  res.writeHead(200, Object.fromEntries(response.headers));
  res.flushHeaders();
  const channel = hold(res, source);
  onHeld();
  // a HEAD asks for the head only
  if (req.method === "HEAD") channel.end();
  // started even if the client has already left: the source's onClose cleanups then run at once
  state().outsideRequests.runInAsyncScope(() => void Promise.resolve(source.start(channel)).catch(() => channel.end()));
}

/** @returns {import("./streams.d.mts").Channel} */
function hold(res, source) {
  const s = state();
  const { metrics } = serverRuntime();
  const onClose = [];
  const channel = {
    closed: false,
    write(bytes) {
      if (channel.closed) return;
      res.write(typeof bytes === "string" ? encoder.encode(bytes) : bytes);
      // a client that stopped reading holds this memory for nothing
      if (res.writableLength > MAX_UNREAD_BYTES) channel.end();
    },
    end(retryMs) {
      if (channel.closed) return;
      if (retryMs !== undefined) res.write(encoder.encode(`retry: ${retryMs}\n: reconnect\n\n`));
      release();
      if (res.writableLength > MAX_UNREAD_BYTES) res.destroy();
      else res.end();
    },
    onClose(fn) {
      if (channel.closed) fn();
      else onClose.push(fn);
    },
  };
  const release = () => {
    if (channel.closed) return;
    channel.closed = true;
    s.held.delete(channel);
    metrics.openStreams.dec();
    if (s.held.size === 0 && s.timer) {
      clearInterval(s.timer);
      s.timer = null;
    }
    for (const fn of onClose.splice(0)) {
      try {
        fn();
      } catch {
        // one cleanup's failure does not keep the others from running
      }
    }
  };
  s.held.add(channel);
  metrics.openStreams.inc();
  channel.beat = () => {
    channel.write(HEARTBEAT);
    if (!channel.closed) source.beat?.(channel);
  };
  s.timer ??= setInterval(() => {
    for (const held of s.held) held.beat();
    s.onBeat();
  }, s.heartbeatMs);
  // the client may have left while the route decided
  if (res.destroyed || res.closed) release();
  else res.once("close", release);
  return channel;
}
