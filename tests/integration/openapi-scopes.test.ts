import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { errorCode, parse } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";

// The OpenAPI document's scopes equal what each scope gets: every operation of /api/openapi.json
// is called with a key of each scope (made by an admin). A scope the operation lists must get
// past the key checks (any answer but 401 and 403); a scope it does not list must get 403
// insufficient_scope. Bodies are empty objects and ids unknown, so nothing is changed.

type Operation = { method: string; path: string; scopes: string[] };
const keys: Record<string, string> = {};
let operations: Operation[] = [];

beforeAll(async () => {
  const admin = await DashboardSession.signIn("affiliate@example.com");
  for (const scope of ["read", "write", "reports", "logs"]) {
    const created = parse(
      apiKeyCreatedSchema,
      await admin.request("POST", "/api/settings/api-keys", { name: `scope ${scope}`, scopes: [scope] }),
      201,
    );
    keys[scope] = created.key;
  }
  const document = (await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    security: Record<string, string[]>[];
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const security = op.security ?? document.security;
      if (security.length === 0) continue; // public: no key is looked at
      operations.push({ method: method.toUpperCase(), path, scopes: security.flatMap((s) => s.apiKey ?? []) });
    }
  }
  operations = operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
});

async function call(key: string, op: Operation): Promise<{ status: number; code: string | null }> {
  const answer = await callOnce(key, op);
  // past a key's burst of 100: its rate refills 20 a second
  if (answer.status !== 429) return answer;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return call(key, op);
}

async function callOnce(key: string, op: Operation) {
  const path = op.path
    .replace(/\{period\}/, "2026-01")
    .replace(/\{seq\}/, "1")
    .replace(/\{[^}]+\}/g, () => randomUUID());
  const controller = new AbortController();
  const response = await fetch(`${inject("baseUrl")}/api${path}`, {
    method: op.method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(op.method === "GET" || op.method === "DELETE" ? {} : { "content-type": "application/json" }),
    },
    body: op.method === "GET" || op.method === "DELETE" ? undefined : "{}",
    signal: controller.signal,
  });
  // an event stream opens: its headers are the answer
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    controller.abort();
    return { status: response.status, code: null };
  }
  const text = await response.text();
  const code = response.status >= 400 ? errorCode({ status: response.status, body: JSON.parse(text), headers: response.headers }) : null;
  return { status: response.status, code };
}

describe("the dashboard's OpenAPI document names the scopes that open each operation", () => {
  it("a key of each scope gets exactly the operations that list it", async () => {
    expect(operations.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    let opened = 0;
    for (const op of operations) {
      for (const [scope, key] of Object.entries(keys)) {
        const { status, code } = await call(key, op);
        const listed = op.scopes.includes(scope);
        if (listed && (status === 401 || status === 403)) wrong.push(`${op.method} ${op.path} lists ${scope}, which got ${status} ${code}`);
        if (!listed && code !== "insufficient_scope")
          wrong.push(`${op.method} ${op.path} does not list ${scope}, which got ${status} ${code}`);
        if (listed) opened++;
      }
    }
    expect(wrong).toEqual([]);
    expect(opened).toBeGreaterThan(40);
  }, 120_000);
});
