import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The routes the app serves, read from its route modules and its table of event streams (which
// the server serves outside Next.js): the OpenAPI test compares them with the documents,
// lib/docs-tables.test.ts with the route table of docs/api.md.

const STREAM_ROUTES = path.join(import.meta.dirname, "..", "lib", "dashboard", "api", "stream-routes.ts");

/** The event streams' routes under `prefix`, as "GET /path" ({param} for [param]). */
function streamRoutes(prefix: string): string[] {
  const table = readFileSync(STREAM_ROUTES, "utf8").split("export const streamRoutes")[1] ?? "";
  return [...table.matchAll(/^\s+"(\/[^"]+)": getOnly\(/gm)]
    .map(([, template]) => `GET ${template?.replace(/\[(\w+)\]/g, "{$1}")}`)
    .filter((route) => route.startsWith(`GET ${prefix}/`));
}

/** Every method a route module under `dir` serves (not the 405 answers of otherMethods), as "METHOD /path" ({param} for [param]). */
export function servedRoutes(dir: string, prefix: string): string[] {
  const out: string[] = streamRoutes(prefix);
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const route = path
          .relative(dir, path.dirname(full))
          .split(path.sep)
          .map((s) => s.replace(/^\[(.+)\]$/, "{$1}"))
          .join("/");
        for (const [, method] of source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g))
          out.push(`${method} ${prefix}/${route}`.replace(/\/$/, ""));
      }
    }
  };
  walk(dir);
  return out.sort();
}
