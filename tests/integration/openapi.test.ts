import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { servedRoutes, webhookRoutes } from "@/tests/routes";

// Both OpenAPI documents, as the running app serves them, checked by tools nobody here wrote:
// Redocly's linter with its recommended rules, and openapi-typescript, whose generated types a
// typed call must compile against (tsc, strict).

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const base = () => inject("baseUrl");

const operationSchema = z.looseObject({
  servers: z.array(z.object({ url: z.string() })).optional(),
  operationId: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().min(1),
  tags: z.array(z.string()).min(1),
  responses: z.record(
    z.string(),
    z.looseObject({
      description: z.string(),
      content: z.record(z.string(), z.looseObject({ examples: z.record(z.string(), z.unknown()).optional() })).optional(),
    }),
  ),
});
const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ license: z.looseObject({ name: z.string() }), contact: z.looseObject({ name: z.string() }) }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

async function fetchDocument(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return documentSchema.parse(await response.json());
}

async function lint(document: unknown) {
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  const result = await run(bin("redocly"), ["lint", "--extends", "recommended", "--format", "json", file], {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }));
  const report = z
    .object({
      totals: z.object({ errors: z.number(), warnings: z.number() }),
      problems: z.array(z.looseObject({ ruleId: z.string(), message: z.string() })),
    })
    .parse(JSON.parse(result.stdout));
  return report;
}

/** "METHOD /path" of every operation; one served from its own server (the origin) has no prefix. */
const documented = (document: z.infer<typeof documentSchema>, prefix: string) =>
  Object.entries(document.paths)
    .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => `${m.toUpperCase()} ${op.servers ? "" : prefix}${p}`))
    .sort();

describe("OpenAPI documents", () => {
  it("/sandbox/openapi.json (v1, webhooks, operator, LNURL) and /api/openapi.json pass redocly lint (recommended): 0/0", async () => {
    for (const url of [`${base()}/sandbox/openapi.json`, `${base()}/api/openapi.json`]) {
      const report = await lint(await fetchDocument(url));
      expect(
        report.problems.map((p) => `${p.ruleId}: ${p.message}`),
        url,
      ).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0 });
    }
  }, 120_000);

  it("every operation has an operationId, summary, description, tags and its error responses with examples", async () => {
    for (const url of [`${base()}/sandbox/openapi.json`, `${base()}/api/openapi.json`]) {
      const document = await fetchDocument(url);
      const ids = new Set<string>();
      for (const [p, methods] of Object.entries(document.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          expect(ids.has(op.operationId), `${method} ${p}: operationId unique`).toBe(false);
          ids.add(op.operationId);
          const errors = Object.entries(op.responses).filter(([status, r]) => Number(status) >= 400 && r.content?.["application/json"]);
          for (const [status, response] of errors) {
            expect(
              Object.keys(response.content?.["application/json"]?.examples ?? {}).length,
              `${method} ${p} ${status} has examples`,
            ).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it("documents every route the app serves (the sign-in routes and this document aside)", async () => {
    const sandbox = await fetchDocument(`${base()}/sandbox/openapi.json`);
    const api = await fetchDocument(`${base()}/api/openapi.json`);
    const sandboxRoutes = servedRoutes(path.join(root, "app/sandbox"), "/sandbox").filter(
      (r) => !r.endsWith("/openapi.json") && !r.includes("/docs/"),
    );
    expect(documented(sandbox, "/sandbox")).toEqual(sandboxRoutes.map((r) => r.replace("{clientId}", "{client_id}")).sort());
    const apiRoutes = servedRoutes(path.join(root, "app/api"), "/api").filter((r) => !/\/api\/(auth|health|openapi\.json)/.test(r));
    const receiver = webhookRoutes();
    expect(documented(api, "/api")).toEqual([...apiRoutes, ...receiver].sort());
  });

  it("an operation answers 403 reauthentication_required exactly where its route asks for step-up", async () => {
    const api = await fetchDocument(`${base()}/api/openapi.json`);
    const stepUpRoutes: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name === "route.ts") {
          const route = path
            .relative(path.join(root, "app/api"), dir)
            .split(path.sep)
            .map((s) => s.replace(/^\[(.+)\]$/, "{$1}"))
            .join("/");
          // each handler is `export const METHOD = apiRoute(options…`: the options that name stepUp
          for (const [, method, options] of readFileSync(full, "utf8").matchAll(
            /export const (GET|POST|PUT|PATCH|DELETE) = apiRoute\(([^)]*?)(?:,\s*async)/gs,
          ))
            if (/stepUp: true/.test(options ?? "")) stepUpRoutes.push(`${method} /${route}`);
          const shared = /const (\w+) = \{[^}]*stepUp: true[^}]*\};/.exec(readFileSync(full, "utf8"));
          if (shared)
            for (const [, method] of readFileSync(full, "utf8").matchAll(
              new RegExp(`export const (\\w+) = apiRoute\\(${shared[1]}\\b`, "g"),
            ))
              stepUpRoutes.push(`${method} /${route}`);
        }
      }
    };
    walk(path.join(root, "app/api"));
    // an endpoint defined once (lib/dashboard/api/endpoints/) names its step-up in its access
    const endpoints = path.join(root, "lib/dashboard/api/endpoints");
    for (const name of readdirSync(endpoints))
      for (const [, method, route] of readFileSync(path.join(endpoints, name), "utf8").matchAll(
        /endpoint\(\{\s*method: "(GET|POST|PUT|PATCH|DELETE)",\s*path: "([^"]+)",\s*access: \{[^}]*stepUp: true/g,
      ))
        stepUpRoutes.push(`${method} ${route}`);
    const documented = Object.entries(api.paths).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => Boolean(op.responses["403"]?.content?.["application/json"]?.examples?.reauthentication_required))
        .map(([m]) => `${m.toUpperCase()} ${p}`),
    );
    expect(stepUpRoutes.length).toBeGreaterThan(10);
    expect(documented.sort()).toEqual(stepUpRoutes.sort());
  });

  it("a client generated from the v1 document by openapi-typescript type-checks a typed call, and rejects a wrong one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-ts-"));
    writeFileSync(path.join(dir, "v1.json"), JSON.stringify(await fetchDocument(`${base()}/sandbox/openapi.json`)));
    await run(bin("openapi-typescript"), [path.join(dir, "v1.json"), "--output", path.join(dir, "v1.d.ts")], { cwd: dir });
    writeFileSync(
      path.join(dir, "call.ts"),
      `import type { paths } from "./v1";
type CreateOrder = paths["/v1/orders"]["post"];
type Body = CreateOrder["requestBody"]["content"]["application/json"];
type Created = CreateOrder["responses"]["201"]["content"]["application/json"];
type Refused = CreateOrder["responses"]["400"]["content"]["application/json"];

type Result = { ok: true; order: Created } | { ok: false; refused: Refused };

export async function createOrder(baseUrl: string, clientId: string, body: Body): Promise<Result> {
  const headers = { authorization: "client_id " + clientId, "content-type": "application/json" };
  const response = await fetch(baseUrl + "/v1/orders", { method: "POST", headers, body: JSON.stringify(body) });
  return response.ok ? { ok: true, order: (await response.json()) as Created } : { ok: false, refused: (await response.json()) as Refused };
}

const body: Body = {
  fee_rate: 0.03,
  payment_method: { currency: "eur", debitor_iban: "DE89 3704 0044 0532 0130 00" },
  payout_method: { bitcoin_address: "tb1q…", message: "…", signature: "…" },
};
export async function reference(): Promise<string> {
  const result = await createOrder("http://127.0.0.1:3000/sandbox", "cl_x", body);
  return result.ok ? result.order.payment_method.creditor_reference : result.refused.error;
}
// @ts-expect-error fee_rate is a number
export const wrong: Body = { ...body, fee_rate: "3%" };
`,
    );
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          skipLibCheck: false,
        },
        files: ["call.ts"],
      }),
    );
    const result = await run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir]).then(
      () => ({ code: 0, out: "" }),
      (error: { stdout?: string }) => ({ code: 1, out: error.stdout ?? "" }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 120_000);
});
