import { createHmac, randomUUID } from "node:crypto";
import { request } from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { rejectionsSchema } from "@/lib/dashboard/contract/dashboard-api";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { http, parse, type Reply } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { allLogs, logDir } from "./harness/secret-scan";

// Text PostgreSQL cannot store (a NUL character, an unpaired UTF-16 surrogate) and query values
// of the wrong kind, in every place a probe found a 500: each is refused with 400
// invalid_request naming the field, the webhook receiver counts its refusal, and the server logs
// each as one short line without a stack.

const base = () => inject("baseUrl");
const NUL = "\u0000";
const LONE = "\ud800";
let admin: DashboardSession;
let op: DashboardSession;
const requestIds: string[] = [];

beforeAll(async () => {
  [admin, op] = await Promise.all([DashboardSession.signIn("affiliate@example.com"), DashboardSession.signIn("operator@example.com")]);
});

/** The refusal of a reply: its status, its code and the fields it names. */
function refusal(reply: Reply) {
  const id = reply.headers.get("x-request-id");
  if (id) requestIds.push(id);
  const body = errorBodySchema.parse(reply.body) as { error: string; details?: { path: string }[] };
  return { status: reply.status, error: body.error, fields: (body.details ?? []).map((d) => d.path) };
}

const operatorApi = (method: string, path: string, body?: unknown) =>
  http(method, `${base()}/sandbox/operator${path}`, { body, headers: { authorization: `Bearer ${inject("operatorKey")}` } });

describe("text PostgreSQL cannot store is refused with 400 naming the field", () => {
  const table: [string, () => Promise<Reply>, string][] = [
    ["an API key's name", () => admin.request("POST", "/api/settings/api-keys", { name: `a${NUL}b`, scopes: ["read"] }), "name"],
    [
      "an API key's name, unpaired surrogate",
      () => admin.request("POST", "/api/settings/api-keys", { name: `a${LONE}`, scopes: ["read"] }),
      "name",
    ],
    [
      "a forwarding endpoint's description",
      () => admin.request("POST", "/api/forwarding/endpoints", { url: "https://93.184.216.34/hook", description: NUL }),
      "description",
    ],
    ["an agreement's label", () => admin.request("PUT", `/api/agreements/${randomUUID()}`, { label: NUL, periods: [] }), "label"],
    ["an affiliate's label", () => admin.request("PUT", `/api/settings/affiliates/${randomUUID()}`, { label: `x${NUL}` }), "label"],
    ["a bank reference", () => admin.request("POST", `/api/agreements/${randomUUID()}/payouts`, { bank_reference: NUL }), "bank_reference"],
    ["a passkey's name", () => admin.request("PATCH", `/api/account/passkeys/${randomUUID()}`, { name: NUL }), "name"],
    ["a passkey id in the path", () => admin.request("DELETE", "/api/account/passkeys/%00"), "(path).id"],
    ["the audit log's user filter", () => admin.request("GET", "/api/audit?user=%00"), "user"],
    ["the events' type filter", () => admin.request("GET", "/api/webhook-events?type=%00"), "type"],
    [
      "a tenant's name",
      () => op.request("POST", "/api/operator/tenants", { name: NUL, base_url: "https://example.com", client_id: "x", network: "testnet" }),
      "name",
    ],
    ["credentials: a NUL client_id", () => admin.request("PUT", "/api/settings/credentials", { client_id: NUL }), "client_id"],
    ["credentials: a non-ASCII client_id", () => admin.request("PUT", "/api/settings/credentials", { client_id: "clïent" }), "client_id"],
    ["the sandbox: a client's name", () => operatorApi("POST", "/clients", { name: NUL }), "name"],
    [
      "the sandbox: a client id in the path",
      () => operatorApi("PUT", "/clients/%00/webhook-endpoints", { endpoints: [] }),
      "(path).client_id",
    ],
    ["the sandbox: a query value", () => operatorApi("GET", "/deliveries?status=%00"), "status"],
  ];
  it.each(table)("%s", async (_name, send, field) => {
    const reply = await send();
    const seen = refusal(reply);
    expect(seen, JSON.stringify(reply.body)).toMatchObject({ status: 400, error: "invalid_request" });
    expect(seen.fields).toContain(field);
  });
});

describe("query values of the wrong kind are refused with 400 naming the parameter", () => {
  it.each([
    ["/api/operator/exchanges?limit=abc", "limit"],
    ["/api/operator/exchanges?state=nope", "state"],
    [`/api/operator/exchanges?cursor=${"A".repeat(3000)}`, "cursor"],
  ])("GET %s", async (path, field) => {
    const seen = refusal(await op.request("GET", path));
    expect(seen).toMatchObject({ status: 400, error: "invalid_request" });
    expect(seen.fields).toContain(field);
  });

  it("GET /api/forwarding/endpoints/{id}/deliveries?status=x and ?limit=abc", async () => {
    const created = await admin.request("POST", "/api/forwarding/endpoints", { url: "https://93.184.216.34/hook" });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    try {
      for (const [query, field] of [
        ["status=x", "status"],
        ["limit=abc", "limit"],
      ] as const) {
        const seen = refusal(await admin.request("GET", `/api/forwarding/endpoints/${id}/deliveries?${query}`));
        expect(seen).toMatchObject({ status: 400, error: "invalid_request" });
        expect(seen.fields).toContain(field);
      }
    } finally {
      await admin.request("DELETE", `/api/forwarding/endpoints/${id}`);
    }
  });
});

describe("paths with dot segments", () => {
  /** Sends the path exactly as written (fetch would resolve the dots away). */
  const raw = (path: string) =>
    new Promise<{ status: number; body: string; headerBytes: number }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: new URL(base()).port, path, method: "GET" }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headerBytes: res.rawHeaders.join("").length }));
      });
      req.on("error", reject);
      req.end();
    });

  it.each(["/api/exchanges/%2e%2e?tenant_id=" + "A".repeat(6_000), "/sandbox/v1/orders/..", "/api/%2E/orders", "/pay/x/%2e%2E"])(
    "GET %s is refused as JSON, not redirected with its query echoed",
    async (path) => {
      const reply = await raw(path);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ error: "invalid_request", details: [{ path: "(url)" }] });
      expect(reply.headerBytes).toBeLessThan(2_000);
    },
  );
});

describe("the webhook receiver", () => {
  const rejected = async () =>
    parse(rejectionsSchema, await admin.request("GET", "/api/webhooks/rejections"), 200).data.reduce((n, r) => n + r.count, 0);
  const post = (raw: string, signed: boolean) =>
    http("POST", `${base()}/webhook`, {
      raw,
      headers: {
        "content-type": "application/json",
        "x-correlation-id": randomUUID(),
        ...(signed ? { "x-signature-256": `sha256=${createHmac("sha256", inject("webhookSecret")).update(raw).digest("hex")}` } : {}),
      },
    });

  it("an unsigned body holding a NUL byte is refused as unsigned and counted", async () => {
    const before = await rejected();
    const seen = refusal(await post(`{"a":"${NUL}"}`, false));
    expect(seen).toMatchObject({ status: 401, error: "unauthorized" });
    expect(await rejected()).toBe(before + 1);
  });

  it("a signed event holding \\u0000 or an unpaired surrogate is refused with 400 naming the field, and counted", async () => {
    for (const escaped of ["\\u0000", "\\ud800"]) {
      const before = await rejected();
      const raw = `{"event":"exchange.executed","payload":{"exchange_id":"${randomUUID()}","note":"a${escaped}b"}}`;
      const seen = refusal(await post(raw, true));
      expect(seen).toMatchObject({ status: 400, error: "invalid_request" });
      expect(seen.fields).toContain("payload.note");
      expect(await rejected()).toBe(before + 1);
    }
  });

  it("a 15 000-character X-Correlation-Id reaches the log cut to a few hundred characters", async () => {
    const long = "c".repeat(15_000);
    const reply = await http("POST", `${base()}/webhook`, {
      raw: "{}",
      headers: { "content-type": "application/json", "x-correlation-id": long },
    });
    refusal(reply);
    expect(reply.status).toBe(401);
    const dir = logDir();
    expect(dir).toBeDefined();
    const lines = allLogs(dir ?? "")
      .split("\n")
      .filter((l) => l.includes(reply.headers.get("x-request-id") ?? "?"));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThan(1_500);
  });
});

describe("the server's log", () => {
  it("holds one short line for each refusal above, never a stack or an error", async () => {
    expect(requestIds.length).toBeGreaterThan(20);
    const dir = logDir();
    expect(dir).toBeDefined();
    const lines = allLogs(dir ?? "").split("\n");
    for (const id of requestIds) {
      const mine = lines.filter((l) => l.includes(id));
      expect(mine.length, id).toBeGreaterThan(0);
      for (const line of mine) {
        expect(line, id).not.toMatch(/"level":"(error|fatal)"/);
        expect(line, id).not.toMatch(/\\n\s+at /);
      }
    }
  });
});
