// Route templates of the routes the server answers without Next.js (event streams, the webhook
// receiver): "/api/pay/[token]/events" compiled once, matched against a request's path, its
// parameters decoded; and the web Request such a route is given.
//
// Plain JavaScript, shared by scripts/server.mjs and the app's bundle like server-runtime.mjs.

/**
 * @template T
 * @param {Record<string, T>} routes
 * @returns {import("./route-templates.d.mts").CompiledRoute<T>[]}
 */
export function compileRoutes(routes) {
  return Object.entries(routes).map(([template, handler]) => {
    /** @type {string[]} */
    const names = [];
    const pattern = template.replace(/\[(\w+)\]/g, (_, name) => (names.push(name), "([^/]+)"));
    return { template, handler, names, regex: new RegExp(`^${pattern}/?$`) };
  });
}

/**
 * The route of a path, with its decoded parameters, or null.
 * @template T
 * @param {import("./route-templates.d.mts").CompiledRoute<T>[]} routes
 * @param {string} pathname
 */
export function matchRoute(routes, pathname) {
  for (const route of routes) {
    const found = route.regex.exec(pathname);
    if (!found) continue;
    /** @type {Record<string, string>} */
    const params = {};
    route.names.forEach((name, i) => (params[name] = decoded(found[i + 1] ?? "")));
    return { template: route.template, handler: route.handler, params };
  }
  return null;
}

/** A path segment decoded; as it is if it is not valid percent-encoding (the route refuses it). */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The web Request of a Node.js request, with `body` (read by the caller) or none.
 * @param {import("node:http").IncomingMessage} req
 * @param {string} origin
 * @param {Buffer | null} [body]
 */
export function webRequest(req, origin, body = null) {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i] ?? "", req.rawHeaders[i + 1] ?? "");
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, ...(body ? { body } : {}) });
}

/**
 * Writes a plain (not streamed) web Response to a Node.js response.
 * @param {Response} response
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
export async function writeResponse(response, req, res) {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}
