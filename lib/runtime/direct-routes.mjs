// Routes the server answers without Next.js because they are the hot path: the webhook receiver.
// A burst of webhooks spent more than half of its time in Next.js's request pipeline (routing,
// its web Request and Response adapters, tracing), none of which a signed JSON POST needs. The
// route (app code, registered at boot like the event streams, lib/runtime/streams.mjs) is still
// an ordinary route handler: a web Request in, a Response out. Here its body is read first, up to
// the route's limit and one byte more, so that the route refuses a larger one as it always did
// (413) without this process holding more of it.
//
// Plain JavaScript, shared by scripts/server.mjs and the app's bundle like server-runtime.mjs:
// both copies find one table on globalThis.
import { compileRoutes, matchRoute, webRequest, writeResponse } from "./route-templates.mjs";

const STATE = Symbol.for("exchange-dashboard.direct-routes");

/** @returns {{ routes: import("./route-templates.d.mts").CompiledRoute<import("./direct-routes.d.mts").DirectRoute>[] }} */
function state() {
  const holder = /** @type {Record<symbol, any>} */ (/** @type {unknown} */ (globalThis));
  return (holder[STATE] ??= { routes: [] });
}

/**
 * The app's direct routes, by template ("/webhook/[endpointId]"), replacing any registered before.
 * @param {import("./direct-routes.d.mts").DirectRoutes} routes
 */
export function registerDirectRoutes(routes) {
  state().routes = compileRoutes(routes);
}

/** @param {string} pathname */
export function matchDirectRoute(pathname) {
  return matchRoute(state().routes, pathname);
}

/**
 * The body of a request, at most `limit` bytes and one more; none when it declares more than
 * `limit`, which the route refuses by its Content-Length alone. Past the limit the rest is read
 * and dropped, not held, as Node.js drops what is left of a body once its answer is written: a
 * client still sending reads its 413 on a connection kept open (one closed under it would lose
 * the answer to a reset).
 * @param {import("node:http").IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer | null>}
 */
function readBody(req, limit) {
  if (req.method === "GET" || req.method === "HEAD") return Promise.resolve(null);
  if (Number(req.headers["content-length"] ?? "0") > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const onData = (/** @type {Buffer} */ chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= limit) return;
      req.off("data", onData);
      req.resume();
      resolve(Buffer.concat(chunks).subarray(0, limit + 1));
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, size)));
    req.once("error", reject);
  });
}

/**
 * Answers `req` with a matched direct route.
 * @param {NonNullable<ReturnType<typeof matchDirectRoute>>} match
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ origin: string }} options
 */
export async function serveDirectRoute(match, req, res, { origin }) {
  const body = await readBody(req, match.handler.bodyLimit);
  let request;
  try {
    request = webRequest(req, origin, body);
  } catch {
    // a request the Fetch API cannot represent is the client's
    request = null;
  }
  const response = request
    ? await match.handler.handle(request, { params: Promise.resolve(match.params) })
    : Response.json({ error: "invalid_request" }, { status: 400, headers: { "cache-control": "no-store" } });
  await writeResponse(response, req, res);
}
