import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The routes the app serves, read from its route modules and its tables of event streams and of
// the webhook receiver's routes (which the server serves outside Next.js): the OpenAPI test
// compares them with the documents,
// lib/docs-tables.test.ts with the route table of docs/api.md.

const STREAM_ROUTES = path.join(import.meta.dirname, "..", "lib", "dashboard", "api", "stream-routes.ts");

const WEBHOOK_ROUTES = path.join(import.meta.dirname, "..", "lib", "dashboard", "api", "webhook-routes.ts");

/** The webhook receiver's routes (POST only), as "POST /path" ({param} for [param]). */
export function webhookRoutes(): string[] {
  const table = readFileSync(WEBHOOK_ROUTES, "utf8").split("export const webhookRoutes")[1] ?? "";
  return [...table.matchAll(/^\s+"(\/[^"]+)": receiver\(/gm)].map(([, template]) => `POST ${template?.replace(/\[(\w+)\]/g, "{$1}")}`);
}

/** The event streams' routes under `prefix`, as "GET /path" ({param} for [param]). */
function streamRoutes(prefix: string): string[] {
  const table = readFileSync(STREAM_ROUTES, "utf8").split("export const streamRoutes")[1] ?? "";
  return [...table.matchAll(/^\s+"(\/[^"]+)": getOnly\(/gm)]
    .map(([, template]) => `GET ${template?.replace(/\[(\w+)\]/g, "{$1}")}`)
    .filter((route) => route.startsWith(`GET ${prefix}/`));
}

/**
 * The methods of the endpoints a route module serves with `serve(a, b)` (lib/dashboard/api/endpoint.ts):
 * each named endpoint's `method`, read from the module it is imported from.
 */
function servedEndpoints(source: string): string[] {
  const served = /serve\(([^)]*)\)/.exec(source)?.[1];
  if (!served) return [];
  return served
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "@/([^"]+)"`).exec(source)?.[1];
      if (!from) throw new Error(`serve(${name}): its import is not found`);
      const definitions = readFileSync(path.join(import.meta.dirname, "..", `${from}.ts`), "utf8");
      const definition = new RegExp(`export const ${name} = (?:endpoint|publicEndpoint)\\(\\{\\s*method: "(GET|POST|PUT|PATCH|DELETE)"`);
      const method = definition.exec(definitions)?.[1];
      if (!method) throw new Error(`serve(${name}): no endpoint of that name in ${from}.ts`);
      return method;
    });
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
        const methods = [
          ...[...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(([, m]) => m),
          ...servedEndpoints(source),
        ];
        for (const method of methods) out.push(`${method} ${prefix}/${route}`.replace(/\/$/, ""));
      }
    }
  };
  walk(dir);
  return out.sort();
}
