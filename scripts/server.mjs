// The production server: Next.js behind a plain node:http server that appends the socket's
// peer address to X-Forwarded-For, as a reverse proxy would. Next.js itself fills that header
// only when it is absent, so a client could otherwise pose as any address; with this, the last
// entry is always the address the connection came from, and TRUSTED_PROXY_HOPS says how many
// entries before it were written by proxies of ours (lib/dashboard/auth/client-address.ts).
//
// It also owns the process's life (docs/operations.md#deploys): request ids, one JSON log line
// and the metrics of each request, the event streams (served by its stream adapter,
// lib/runtime/streams.mjs, not by Next.js), the webhook receiver (lib/runtime/direct-routes.mjs,
// not by Next.js either: the hot path), and the drain on SIGTERM or SIGINT.
// Usage: node scripts/server.mjs [--dev]  (PORT, HOST, SHUTDOWN_GRACE_SECONDS from the environment;
// without --dev the build must exist; with it, Next.js compiles as pages are asked for: npm run dev)
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { serverRuntime } from "../lib/runtime/server-runtime.mjs";
import { strictTransportSecurity } from "../lib/runtime/forwarded.mjs";
import { serverSettings } from "../lib/runtime/server-settings.mjs";
import { endAllStreams, matchStreamRoute, serveStreamRoute } from "../lib/runtime/streams.mjs";
import { matchDirectRoute, serveDirectRoute } from "../lib/runtime/direct-routes.mjs";
import { signalGate } from "./signal-gate.mjs";

const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV = "development";
// Next.js's telemetry stays off unless the operator turns it on (NEXT_TELEMETRY_DISABLED=0)
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const { default: next } = await import("next");

const root = path.resolve(import.meta.dirname, "..");
let settings;
try {
  settings = serverSettings();
} catch (error) {
  console.error(`\nCannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const { PORT: port, HOST: hostname, APP_URL: appUrl, TRUSTED_PROXY_HOPS: trustedHops, SHUTDOWN_GRACE_SECONDS: graceSeconds } = settings;

const runtime = serverRuntime();
// HSTS from the configuration (lib/runtime/forwarded.mjs): an https APP_URL puts it on every
// answer; without APP_URL only a proxy of ours (TRUSTED_PROXY_HOPS) can say the browser used https
const log = runtime.logger.child({ component: "server" });

const app = next({ dev, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

// ---- route templates, the only thing of a path that logs and metrics name ----
// (a raw path may carry a payout link's token, and ids would make the metrics unbounded)
// (under --dev, Next.js writes the manifest as it compiles: paths are then "(other)" in logs and metrics)
const manifestFile = path.join(root, ".next", "routes-manifest.json");
const noManifest = dev && !existsSync(manifestFile);
const manifest = noManifest ? { staticRoutes: [], dynamicRoutes: [] } : JSON.parse(readFileSync(manifestFile, "utf8"));
const staticRoutes = new Set(manifest.staticRoutes.map((r) => r.page));
const dynamicRoutes = manifest.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
const routeCache = new Map();

/** The route template of a path: "/api/exchanges/[id]", or "(static)", "(other)". */
function routeOf(pathname) {
  if (pathname.startsWith("/_next/")) return "(static)";
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (staticRoutes.has(bare)) return bare;
  const cached = routeCache.get(bare);
  if (cached) return cached;
  const route = dynamicRoutes.find((r) => r.regex.test(bare))?.page ?? "(other)";
  if (route !== "(other)" || routeCache.size < 1_000) routeCache.set(bare, route);
  return route;
}

/** X-Request-Id as a proxy sent it, when it looks like one; otherwise a new one. */
function requestIdOf(req) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:@/+=-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Requests being answered (an event stream counts until the adapter holds it). */
const inFlight = new Set();
const idleWaiters = new Set();

/** Why a path is refused before Next.js sees it, or null. */
function pathFault(pathname) {
  let segments;
  try {
    segments = pathname.split("/").map(decodeURIComponent);
  } catch {
    // Next.js would answer it with a plain-text 500
    return "The path is not valid percent-encoding";
  }
  // Next.js would redirect it to the resolved path, its query written twice into the headers (a
  // long one overflows a client's header limit): no address of ours has such a segment
  if (segments.some((s) => s === "." || s === "..")) return "The path may not hold . or .. segments";
  return null;
}

/** Refuses a path Next.js would mishandle, as JSON (400 invalid_request naming the URL). */
function refuseMalformedPath(req, res) {
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  const fault = pathFault(pathname);
  if (!fault) return false;
  const origin = appUrl?.replace(/\/+$/, "") ?? `http://${req.headers.host ?? "localhost"}`;
  const docs = pathname.startsWith("/sandbox/") ? `${origin}/sandbox/docs/errors` : `${origin}/docs/errors`;
  const body = JSON.stringify({
    error: "invalid_request",
    documentation_uri: `${docs}#invalid_request`,
    details: [{ path: "(url)", message: fault }],
  });
  res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
  return true;
}

const QUIET_ROUTES = new Set(["(static)", "/api/health", "/api/health/ready", "/metrics"]);

/**
 * How much of a User-Agent reaches the app. Next.js tests every page request's User-Agent against
 * its list of bots with a regular expression whose cost grows with the square of the text: a
 * 16 KB User-Agent held the server's thread 170 ms, any client could send one with every
 * request. No browser or library sends one past a few hundred characters.
 */
const USER_AGENT_LIMIT = 512;

const server = createServer((req, res) => {
  const started = performance.now();
  const requestId = requestIdOf(req);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const agent = req.headers["user-agent"];
  if (agent && agent.length > USER_AGENT_LIMIT) req.headers["user-agent"] = agent.slice(0, USER_AGENT_LIMIT);
  const hsts = strictTransportSecurity({ appUrl, trustedHops, forwardedProto: req.headers["x-forwarded-proto"] });
  if (hsts) res.setHeader("Strict-Transport-Security", hsts);
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  // (a malformed path is refused below before a stream is served)
  const stream = matchStreamRoute(pathname);
  // the webhook receiver, answered without Next.js (lib/runtime/direct-routes.mjs)
  const direct = stream ? null : matchDirectRoute(pathname);
  const ctx = { requestId, route: stream?.template ?? direct?.template ?? routeOf(pathname) };
  const entry = { res, ended: false };
  inFlight.add(entry);
  // while draining, no connection is kept for another request
  if (runtime.shutdown.stopping) res.shouldKeepAlive = false;
  const ended = (status) => {
    if (entry.ended) return;
    entry.ended = true;
    inFlight.delete(entry);
    const seconds = (performance.now() - started) / 1000;
    const method = req.method ?? "GET";
    runtime.metrics.httpRequests.inc({ route: ctx.route, method, status: String(status) });
    runtime.metrics.httpDuration.observe({ route: ctx.route, method }, seconds);
    const line = {
      request_id: requestId,
      ...(ctx.tenantId ? { tenant_id: ctx.tenantId } : {}),
      ...(ctx.userId ? { user_id: ctx.userId } : {}),
      method,
      route: ctx.route,
      status,
      duration_ms: Math.round(seconds * 10_000) / 10,
      // what the request did, where the app named it (a stored webhook's event, exchange and seq)
      ...ctx.facts,
    };
    if (status >= 500) log.warn(line, "request answered");
    else if (QUIET_ROUTES.has(ctx.route) && status < 400) log.debug(line, "request answered");
    else log.info(line, "request answered");
    if (inFlight.size === 0) for (const done of idleWaiters) done();
  };
  res.once("finish", () => ended(res.statusCode));
  // a client that left before the answer was sent: 499, as nginx counts it
  res.once("close", () => ended(res.writableFinished ? res.statusCode : 499));
  if (refuseMalformedPath(req, res)) return;
  const peer = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  const prior = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = prior ? `${Array.isArray(prior) ? prior.join(", ") : prior}, ${peer}` : peer;
  if (direct) {
    return void runtime.requests.run(ctx, () =>
      serveDirectRoute(direct, req, res, { origin: `http://${req.headers.host ?? "localhost"}` }).catch((error) => {
        log.error({ request_id: requestId, err: error instanceof Error ? error.message : String(error) }, "a direct route failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end('{"error":"internal_error"}');
        else res.destroy();
      }),
    );
  }
  if (!stream) return void runtime.requests.run(ctx, () => void handle(req, res));
  // an event stream: its route decides, then the adapter holds the connection, which from then
  // on no longer counts as a request in flight (the drain ends it with a retry hint)
  const origin = `http://${req.headers.host ?? "localhost"}`;
  runtime.requests.run(ctx, () =>
    serveStreamRoute(stream, req, res, { origin, onHeld: () => ended(200) }).catch((error) => {
      log.error({ request_id: requestId, err: error instanceof Error ? error.message : String(error) }, "a stream route failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end('{"error":"internal_error"}');
      else res.destroy();
    }),
  );
});
// A request whose address and headers pass Node's limit (16 KiB) never reaches a route: it is
// refused as every bad request is, in JSON, rather than with Node's bare 431. Other broken
// requests keep Node's plain 400; a connection already gone is let go.
server.on("clientError", (error, socket) => {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  if (error.code !== "HPE_HEADER_OVERFLOW") return void socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
  const docs = `${appUrl?.replace(/\/+$/, "") ?? ""}/docs/errors`;
  const body = JSON.stringify({
    error: "invalid_request",
    documentation_uri: `${docs}#invalid_request`,
    details: [{ path: "(url)", message: "The address and headers are too long: 16 KiB at most" }],
  });
  const head = ["HTTP/1.1 400 Bad Request", "content-type: application/json", "cache-control: no-store", "connection: close"];
  socket.end(`${[...head, `content-length: ${Buffer.byteLength(body)}`].join("\r\n")}\r\n\r\n${body}`);
});
// longer than a proxy's idle timeout, so a proxy never reuses a connection we just closed
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => log.info({ host: hostname, port }, `Listening on http://${hostname}:${port}`));

// ---- the drain ----

/** Resolves once no request is in flight, or at the deadline (epoch ms). */
function requestsAnswered(deadline) {
  if (inFlight.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
    function finish(all) {
      clearTimeout(timer);
      idleWaiters.delete(done);
      resolve(all);
    }
    function done() {
      finish(true);
    }
    idleWaiters.add(done);
  });
}

async function runDrain(name, deadline) {
  const drain = runtime.shutdown.drains.get(name);
  if (!drain) return;
  try {
    await drain(deadline);
  } catch (error) {
    log.error({ step: name, err: error instanceof Error ? error.message : String(error) }, "a shutdown step failed");
  }
}

/**
 * SIGTERM (a deploy) or SIGINT (Ctrl-C): readiness fails at once, the listening socket closes
 * (a balancer's next connection goes to another instance), event streams end with a retry hint,
 * requests in flight are answered, the refreshes and the outbox's delivery under way finish,
 * the database closes, and the process exits 0. All within SHUTDOWN_GRACE_SECONDS; past it, or
 * at a second signal, the process exits at once.
 */
async function drain(signal) {
  runtime.shutdown.stopping = true;
  const deadline = Date.now() + graceSeconds * 1000;
  setTimeout(() => {
    log.error({ in_flight: inFlight.size }, `the grace of ${graceSeconds} s ended: exiting now`);
    process.exit(1);
  }, graceSeconds * 1000).unref();
  log.info({ signal, grace_seconds: graceSeconds, in_flight: inFlight.size }, "draining: no new connections, finishing what is under way");
  server.close();
  for (const entry of inFlight) if (!entry.res.headersSent) entry.res.shouldKeepAlive = false;
  log.info({ streams: endAllStreams() }, "event streams ended with a retry hint");
  const answered = await requestsAnswered(deadline);
  server.closeIdleConnections();
  await runDrain("work", deadline);
  await runDrain("database", deadline);
  log.info({ all_answered: answered }, "drained: exiting");
  process.exit(0);
}

const gate = signalGate({
  first: (signal) => void drain(signal),
  again: (signal) => {
    log.warn({ signal }, "a second signal: exiting now");
    process.exit(signal === "SIGINT" ? 130 : 143);
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => gate(signal));

// A process whose parent has gone (a shell or npm that a signal ended without passing it on) drains
// as if signalled: nothing of the app outlives the command that started it.
const parent = process.ppid;
if (parent > 1) {
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    log.warn({ parent }, "the parent process has exited");
    gate("SIGTERM");
  }, 500);
  watch.unref();
}
