// The production server: Next.js behind a plain node:http server that appends the socket's
// peer address to X-Forwarded-For, as a reverse proxy would. Next.js itself fills that header
// only when it is absent, so a client could otherwise pose as any address; with this, the last
// entry is always the address the connection came from, and TRUSTED_PROXY_HOPS says how many
// entries before it were written by proxies of ours (lib/auth/client-address.ts).
// Usage: node scripts/server.mjs  (PORT, HOST from the environment; the build must exist)
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

const server = createServer((req, res) => {
  if (refuseMalformedPath(req, res)) return;
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
