import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The routes the app serves, read from its route modules: the OpenAPI test compares them with the
// documents, lib/docs-tables.test.ts with the route table of docs/api.md.

/** Every method a route module under `dir` serves (not the 405 answers of otherMethods), as "METHOD /path" ({param} for [param]). */
export function servedRoutes(dir: string, prefix: string): string[] {
  const out: string[] = [];
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
