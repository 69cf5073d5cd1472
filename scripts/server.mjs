// The production server: Next.js behind a plain node:http server that appends the socket's
// peer address to X-Forwarded-For, as a reverse proxy would. Next.js itself fills that header
// only when it is absent, so a client could otherwise pose as any address; with this, the last
// entry is always the address the connection came from, and TRUSTED_PROXY_HOPS says how many
// entries before it were written by proxies of ours (lib/auth/client-address.ts).
// Usage: node scripts/server.mjs  (PORT, HOST from the environment; the build must exist)
import { AsyncResource } from "node:async_hooks";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? "3000");
const hostname = process.env.HOST ?? "0.0.0.0";

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

/** Next.js answers a path it cannot percent-decode with a plain-text 500: refuse it here, as JSON. */
function refuseMalformedPath(req, res) {
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    const origin = process.env.APP_URL?.replace(/\/+$/, "") ?? `http://${req.headers.host ?? "localhost"}`;
    const docs = pathname.startsWith("/sandbox/") ? `${origin}/sandbox/docs/errors` : `${origin}/docs/errors`;
    const body = JSON.stringify({
      error: "invalid_request",
      documentation_uri: `${docs}#invalid_request`,
      details: [{ path: "(url)", message: "The path is not valid percent-encoding" }],
    });
    res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
    return true;
  }
}

// Event streams leave Next.js's request pipeline once their route has answered (lib/events/handoff.ts).
// A route that opens a stream answers with an empty body and the header below, naming an entry it
// registered here; when Next.js ends that response, the entry gets the response and keeps it open.
// Next.js has then finished the request and frees what it held for it (some 75 KB a request,
// held for as long as a stream it pipes stays open).
const HANDOFF_HEADER = "x-stream-handoff";
const handoffs = new Map();
globalThis[Symbol.for("exchange-dashboard.stream-handoffs")] = handoffs;
// made outside any request: a stream attached within it carries no request's async context
const outsideRequests = new AsyncResource("stream-handoff");

const RESPONSE_EVENTS = ["close", "finish", "error"];

function allowHandoff(res) {
  const { writeHead, end } = res;
  // Node.js's own listeners come first; Next.js's are added after them
  const own = RESPONSE_EVENTS.map((event) => res.listenerCount(event));
  /** The entry the response names (undefined: not looked at yet; null: none). */
  let attach;
  // the entry is taken and the header removed before the headers go out, on whichever comes
  // first: Next.js's end(), or the writeHead() that its compression layer calls before end()
  const take = () => {
    if (attach !== undefined || res.headersSent) return;
    const token = res.getHeader(HANDOFF_HEADER);
    attach = (typeof token === "string" && handoffs.get(token)) || null;
    if (!attach) return;
    handoffs.delete(token);
    res.removeHeader(HANDOFF_HEADER);
  };
  res.writeHead = function (...args) {
    take();
    return writeHead.apply(this, args);
  };
  res.end = function (...args) {
    take();
    if (!attach) return end.apply(this, args);
    const stream = attach;
    attach = null;
    // Next.js's own listeners, for a response it considers ended
    RESPONSE_EVENTS.forEach((event, i) => {
      for (const listener of res.listeners(event).slice(own[i])) res.removeListener(event, listener);
    });
    outsideRequests.runInAsyncScope(() => stream(res));
    return this;
  };
}

const server = createServer((req, res) => {
  if (refuseMalformedPath(req, res)) return;
  if (req.method === "GET") allowHandoff(res);
  const peer = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  const prior = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = prior ? `${Array.isArray(prior) ? prior.join(", ") : prior}, ${peer}` : peer;
  void handle(req, res);
});
// longer than a proxy's idle timeout, so a proxy never reuses a connection we just closed
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => console.log(`Listening on http://${hostname}:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
