import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { apiKeyCreatedSchema, apiKeyListSchema } from "@/lib/dashboard/contract/api-keys-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { errorCode, http, parse, type Reply } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";

// Keys of the dashboard's API for an affiliate's own systems: each scope's open and closed
// routes, no cookie and no Origin, revocation, the rate limit, the audit log, and a client that
// openapi-typescript generates from the dashboard's OpenAPI document, used with openapi-fetch.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const base = () => inject("baseUrl");

async function newKey(name: string, scopes: string[]) {
  const admin = await DashboardSession.signIn("affiliate@example.com");
  const created = parse(apiKeyCreatedSchema, await admin.request("POST", "/api/settings/api-keys", { name, scopes }), 201);
  onTestFinished(async () => void (await admin.request("DELETE", `/api/settings/api-keys/${created.id}`)));
  return { admin, created, key: created.key };
}

/** A request as an affiliate's backend sends it: the key, no cookie, no Origin. */
const withKey = (key: string, method: string, p: string, body?: unknown): Promise<Reply> =>
  http(method, `${base()}${p}`, { body, headers: { authorization: `Bearer ${key}` } });

describe("API keys", () => {
  it("are made by admins, shown once, listed by prefix, and never made by a viewer or by a key", async () => {
    const { admin, created, key } = await newKey("Backend", ["read", "write"]);
    expect(key).toMatch(/^dk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({ name: "Backend", scopes: ["read", "write"], created_by: "affiliate@example.com", last_used_at: null });
    expect(key.startsWith(`${created.prefix}_`)).toBe(true);
    const listed = parse(apiKeyListSchema, await admin.request("GET", "/api/settings/api-keys"), 200);
    expect(listed.data.find((k) => k.id === created.id)?.prefix).toBe(created.prefix);
    expect(JSON.stringify(listed)).not.toContain(key);

    const viewer = await DashboardSession.signIn("viewer@example.com");
    expect(errorCode(await viewer.request("POST", "/api/settings/api-keys", { name: "x", scopes: ["read"] }))).toBe("forbidden");
    const byKey = await withKey(key, "POST", "/api/settings/api-keys", { name: "child", scopes: ["read"] });
    expect([byKey.status, errorCode(byKey)]).toEqual([403, "insufficient_scope"]);
    const bad = await admin.request("POST", "/api/settings/api-keys", { name: "", scopes: ["admin"] });
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
  });

  it("open the routes their scopes allow and no others", async () => {
    const read = (await newKey("Reader", ["read"])).key;
    const write = (await newKey("Writer", ["write"])).key;
    const reports = (await newKey("Accounting", ["reports"])).key;
    const status = async (key: string, method: string, p: string, body?: unknown) => {
      const reply = await withKey(key, method, p, body);
      return reply.status >= 400 ? `${reply.status} ${errorCode(reply)}` : reply.status;
    };
    const table: [string, string, string, unknown, number | string][] = [
      [read, "GET", "/api/exchanges?limit=1", undefined, 200],
      [read, "GET", "/api/overview", undefined, 200],
      [read, "GET", "/api/reports/earnings?from=2026-01-01&to=2026-01-31", undefined, 200],
      [read, "POST", "/api/challenges", {}, "403 insufficient_scope"],
      [write, "GET", "/api/exchanges?limit=1", undefined, "403 insufficient_scope"],
      [write, "PATCH", `/api/forwarding/endpoints/00000000-0000-4000-8000-000000000000`, { enabled: true }, "404 not_found"],
      [reports, "GET", "/api/reports/earnings?from=2026-01-01&to=2026-01-31", undefined, 200],
      [reports, "GET", "/api/exchanges/export.csv", undefined, 200],
      [reports, "GET", "/api/agreements", undefined, 200],
      [reports, "GET", "/api/exchanges?limit=1", undefined, "403 insufficient_scope"],
      [reports, "GET", "/api/orders", undefined, "403 insufficient_scope"],
    ];
    // never: the operator console, the team, the keys, the security policy, one's own account
    for (const closed of [
      "/api/operator/tenants",
      "/api/settings/team",
      "/api/settings/api-keys",
      "/api/settings/security",
      "/api/account/security",
    ]) {
      for (const key of [read, write, reports]) table.push([key, "GET", closed, undefined, "403 insufficient_scope"]);
    }
    const got = [];
    for (const [key, method, p, body] of table) got.push(await status(key, method, p, body));
    expect(got).toEqual(table.map((row) => row[4]));
    // a write key changes things without a cookie or an Origin header
    const created = await withKey(write, "POST", "/api/challenges", {});
    expect(created.status).toBe(201);
  });

  it("are refused at once after revocation, and unknown or malformed keys are 401", async () => {
    const { admin, created, key } = await newKey("Short-lived", ["read"]);
    expect((await withKey(key, "GET", "/api/overview")).status).toBe(200);
    expect((await admin.request("DELETE", `/api/settings/api-keys/${created.id}`)).status).toBe(204);
    const after = await withKey(key, "GET", "/api/overview");
    expect([after.status, errorCode(after)]).toEqual([401, "unauthorized"]);
    const forged = `${created.prefix}_${"A".repeat(32)}`;
    expect((await withKey(forged, "GET", "/api/overview")).status).toBe(401);
    expect((await withKey("not-a-key", "GET", "/api/overview")).status).toBe(401);
    expect((await admin.request("DELETE", `/api/settings/api-keys/${created.id}`)).status).toBe(404);
  });

  it("are limited to 20 requests a second in bursts of 100, per key", async () => {
    const { key } = await newKey("Busy", ["read"]);
    const other = (await newKey("Calm", ["read"])).key;
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 250 }, () => withKey(key, "GET", "/api/exchanges?limit=1")));
    const seconds = (Date.now() - started) / 1000;
    const limited = replies.filter((r) => r.status === 429);
    const allowed = replies.filter((r) => r.status === 200).length;
    // the burst, and what 20 a second refilled meanwhile
    expect(allowed).toBeGreaterThanOrEqual(100);
    expect(allowed).toBeLessThanOrEqual(100 + Math.ceil(20 * seconds) + 1);
    expect(limited.length).toBe(250 - allowed);
    expect(errorCode(limited[0] as Reply)).toBe("rate_limited");
    expect(limited[0]?.headers.get("retry-after")).toBe("1");
    // another key is not held back by it
    expect((await withKey(other, "GET", "/api/exchanges?limit=1")).status).toBe(200);
  });

  it("appear in the audit log as the key and its creator", async () => {
    const { admin, created, key } = await newKey("Auditor", ["write"]);
    expect((await withKey(key, "POST", "/api/challenges", {})).status).toBe(201);
    const refused = await withKey(key, "PATCH", "/api/orders/00000000-0000-4000-8000-000000000000", { active: false });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const audit = parse(auditPageSchema, await admin.request("GET", "/api/audit?limit=20"), 200);
    const mine = audit.data.filter((e) => e.api_key === created.prefix);
    expect(mine.map((e) => [e.user, e.result]).slice(0, 2)).toEqual([
      ["affiliate@example.com", errorCode(refused)],
      ["affiliate@example.com", "ok"],
    ]);
    const creation = audit.data.find((e) => e.action === "api_keys.create" && e.target?.startsWith(created.prefix));
    expect(creation?.api_key).toBeNull();
  });

  it("serve a client generated from the OpenAPI document by openapi-typescript, used with openapi-fetch to pull a statement", async () => {
    const { admin, key } = await newKey("Typed client", ["reports"]);
    const agreement = await admin.request("PUT", `/api/agreements/${randomUUID()}`, {
      label: "Typed client",
      periods: [{ from: "2026-01-01", share_percent: 20 }],
    });
    expect(agreement.status).toBe(200);
    // inside the project, so that the program finds openapi-fetch in node_modules
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    const dir = mkdtempSync(path.join(root, "test-results", "typed-client-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const document = await (await fetch(`${base()}/api/openapi.json`)).text();
    writeFileSync(path.join(dir, "openapi.json"), document);
    await run(process.execPath, [
      path.join(root, "node_modules/openapi-typescript/bin/cli.js"),
      path.join(dir, "openapi.json"),
      "--output",
      path.join(dir, "dashboard-api.d.ts"),
    ]);
    const program = `import createClient from "openapi-fetch";
import type { paths } from "./dashboard-api";

const client = createClient<paths>({
  baseUrl: process.env.DASHBOARD_URL + "/api",
  headers: { Authorization: "Bearer " + process.env.DASHBOARD_API_KEY },
});

const agreements = await client.GET("/agreements");
if (!agreements.data) throw new Error("agreements: " + JSON.stringify(agreements.error));
const affiliate = agreements.data.data.find((a) => a.label === "Typed client")?.affiliate_id;
if (!affiliate) throw new Error("no agreement labelled Typed client");
const month = new Date();
month.setUTCDate(1);
month.setUTCMonth(month.getUTCMonth() - 1);
const period = month.toISOString().slice(0, 7);
const csv = await client.GET("/agreements/{affiliate_id}/statements/{period}", {
  params: { path: { affiliate_id: affiliate, period: period + ".csv" } },
  parseAs: "text",
});
if (csv.error || csv.data === undefined) throw new Error("statement: " + csv.response.status);
const refused = await client.GET("/exchanges", { params: { query: { limit: 1 } } });
const header = csv.data.split("\\r\\n")[0];
console.log(JSON.stringify({ period, type: csv.response.headers.get("content-type"), header, refused: refused.error?.error }));
`;
    writeFileSync(path.join(dir, "pull-statement.ts"), program);
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
          types: ["node"],
        },
        files: ["pull-statement.ts"],
      }),
    );
    const checked = await run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", dir]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? "failed",
    );
    expect(checked).toBe("");
    const js = ts.transpileModule(program, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(path.join(dir, "pull-statement.mjs"), js);
    const { stdout } = await run(process.execPath, [path.join(dir, "pull-statement.mjs")], {
      env: { ...process.env, DASHBOARD_URL: base(), DASHBOARD_API_KEY: key },
    });
    const result = JSON.parse(stdout) as { period: string; type: string; header: string; refused: string };
    expect(result.type).toMatch(/^text\/csv/);
    expect(result.header).toMatch(/^executed_at,exchange_id,/);
    expect(result.refused).toBe("insufficient_scope");
  }, 120_000);
});
