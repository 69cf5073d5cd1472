import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createServer, type Server } from "node:http";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { errorCode, OperatorApi } from "./harness/api";
import { adminCli } from "./harness/admin-cli";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { createOrderVia, DashboardSession } from "./harness/dashboard";

// Its own app: the admin CLI adds tenants and users (with PGlite only while the app is stopped),
// a second tenant bound to a second sandbox client, and tenants whose upstream is down, slow or broken.

const keys = { encryptionKey: randomBytes(32).toString("hex"), authSecret: randomBytes(32).toString("hex") };
const operatorKey = `sk_op_tenants_${randomBytes(8).toString("hex")}`;
const password = "a-long-test-password-1";
let app: RunningApp;
let scratch: string | undefined;
let slow: Server;
let garbage: Server;
const tenantIds: Record<string, string> = {};

async function serve(handler: (res: import("node:http").ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

// the down, slow and broken upstreams are servers of this test's own on 127.0.0.1
const appEnv = () => ({
  APP_ENCRYPTION_KEY: keys.encryptionKey,
  AUTH_SECRET: keys.authSecret,
  DEMO_PASSWORD: password,
  UPSTREAM_ALLOW_PRIVATE: "true",
});
const cli = (args: string[]) => {
  const result = adminCli(args, { dataDir: app.dataDir, databaseUrl: scratch, ...keys });
  if (result.status !== 0) throw new Error(`admin ${args.join(" ")} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
};

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `tenants_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startApp({ operatorKey, databaseUrl: scratch, env: appEnv() });
  const slowServer = await serve(() => undefined); // never answers
  const garbageServer = await serve((res) => res.writeHead(200, { "content-type": "application/json" }).end("<html>not json</html>"));
  slow = slowServer.server;
  garbage = garbageServer.server;

  const second = await new OperatorApi(operatorKey, app.sandboxUrl).createClient("Second affiliate");
  await app.stop();
  if (!scratch) {
    const locked = await startApp({ operatorKey, dataDir: app.dataDir, port: app.port, env: appEnv() });
    const refused = adminCli(["tenants", "list"], { dataDir: app.dataDir, ...keys });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/in use by process \d+/);
    await locked.stop();
  }
  for (const [name, baseUrl, clientId] of [
    ["Second", app.sandboxUrl, second.client_id],
    ["Down", "http://127.0.0.1:9/sandbox", "down-client-id"],
    ["Slow", slowServer.url, "slow-client-id"],
    ["Garbage", garbageServer.url, "garbage-client-id"],
  ] as const) {
    const out = cli([
      "tenants",
      "add",
      "--name",
      name,
      "--base-url",
      baseUrl,
      "--client-id",
      clientId,
      "--webhook-secret",
      `${name}-webhook-secret-000`,
      // the service cannot be asked from here (down, slow, garbled; with PGlite the app is stopped)
      "--unchecked",
    ]);
    tenantIds[name] = /id ([0-9a-f-]{36})/.exec(out)?.[1] ?? "";
    cli([
      "users",
      "add",
      "--email",
      `${name.toLowerCase()}@example.com`,
      "--role",
      "admin",
      "--tenant",
      tenantIds[name] ?? "",
      "--password",
      password,
    ]);
  }
  // a tenant knows its service's network: the sandbox's unless told (set-network changes it)
  cli(["tenants", "set-network", "--tenant", tenantIds.Down ?? "", "--network", "signet"]);
  const listed = cli(["tenants", "list"]);
  expect(listed).toContain("Garbage");
  expect(listed.split("\n").find((l) => l.includes("Down"))).toContain("signet");
  expect(listed.split("\n").find((l) => l.includes("Garbage"))).toContain("testnet");
  app = await startApp({ operatorKey, databaseUrl: scratch, dataDir: app.dataDir, port: app.port, env: appEnv() });
  // the second client's webhooks go to the second tenant's endpoint
  const endpoint = /\/webhook\/[A-Za-z0-9_-]+/.exec(listed.split("\n").find((l) => l.includes("Second")) ?? "")?.[0];
  await new OperatorApi(operatorKey, app.sandboxUrl).request("PUT", `/clients/${second.client_id}/webhook-endpoints`, {
    endpoints: [{ url: `${app.baseUrl}${endpoint}`, secret: "Second-webhook-secret-000" }],
  });
}, 180_000);

afterAll(async () => {
  await app.stop();
  slow.closeAllConnections();
  slow.close();
  garbage.close();
  if (!scratch) removeDir(app.dataDir);
});

const session = (email: string) => DashboardSession.signIn(email, password, { baseUrl: app.baseUrl });

describe("admin CLI", () => {
  it("explains usage and bad input with exit status 2, and --help with 0", () => {
    const env = { dataDir: app.dataDir, databaseUrl: scratch, ...keys };
    // usage errors are found before the database is opened
    const unknown = adminCli(["users", "frobnicate"], env);
    expect([unknown.status, unknown.stderr]).toEqual([2, expect.stringContaining("unknown command 'frobnicate'")]);
    const missing = adminCli(["users", "disable"], env);
    expect([missing.status, missing.stderr]).toEqual([2, expect.stringContaining("required option '--email <email>' not specified")]);
    const help = adminCli(["--help"], env);
    expect([help.status, help.stdout]).toEqual([0, expect.stringContaining("tenants")]);
    expect(help.stderr).toBe("");
    const commandHelp = adminCli(["tenants", "rotate-webhook-secret", "--help"], env);
    expect([commandHelp.status, commandHelp.stdout]).toEqual([0, expect.stringContaining("--secret <secret>")]);
    const badHours = adminCli(["tenants", "rotate-webhook-secret", "--tenant", randomUUID(), "--overlap-hours", "999"], env);
    expect([badHours.status, badHours.stderr]).toEqual([2, expect.stringContaining("a whole number from 0 to 168")]);
    // so are values outside a closed list
    const badRole = adminCli(["users", "add", "--email", "x@example.com", "--role", "king", "--tenant", randomUUID()], env);
    expect([badRole.status, badRole.stderr]).toEqual([2, expect.stringContaining("Allowed choices are operator, admin, viewer")]);
    const badNetwork = adminCli(["tenants", "set-network", "--tenant", randomUUID(), "--network", "dogecoin"], env);
    expect([badNetwork.status, badNetwork.stderr]).toEqual([2, expect.stringContaining("argument 'dogecoin' is invalid")]);
  });
});

describe("one key for every process of a database", () => {
  it("without the server's APP_ENCRYPTION_KEY, or with another, the command line refuses by name; so does a start", async () => {
    // with PGlite the database is the server's alone while it runs
    if (!scratch) await app.stop();
    const secretsFile = path.join(app.dataDir, "secrets.json");
    const before = readFileSync(secretsFile, "utf8");
    const without = adminCli(["tenants", "list"], { dataDir: app.dataDir, databaseUrl: scratch, authSecret: keys.authSecret });
    expect(without.status).toBe(1);
    expect(without.stderr).toContain("APP_ENCRYPTION_KEY is not set, and this database holds data sealed with one");
    expect(readFileSync(secretsFile, "utf8")).toBe(before);
    const wrongKey = randomBytes(32).toString("hex");
    const wrong = adminCli(["tenants", "list"], { dataDir: app.dataDir, databaseUrl: scratch, ...keys, encryptionKey: wrongKey });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("APP_ENCRYPTION_KEY is not the key this database's credentials and secrets were sealed with");
    // a server with the wrong key does not start, and says why
    const start = startApp({
      operatorKey,
      databaseUrl: scratch,
      dataDir: app.dataDir,
      env: { ...appEnv(), APP_ENCRYPTION_KEY: wrongKey },
    });
    await expect(start).rejects.toThrow(/Cannot start: APP_ENCRYPTION_KEY is not the key this database's credentials/);
    if (!scratch) app = await startApp({ operatorKey, dataDir: app.dataDir, port: app.port, env: appEnv() });
    expect(readFileSync(secretsFile, "utf8")).toBe(before);
  }, 120_000);
});

describe("tenant isolation", () => {
  it("another tenant's orders, exchanges and challenges are 404 on every route", async () => {
    const [first, second] = await Promise.all([session("affiliate@example.com"), session("second@example.com")]);
    const op = new OperatorApi(operatorKey, app.sandboxUrl);
    const challenge = (await first.request("POST", "/api/challenges", {})).body as { id: string };
    const order = await createOrderVia(first);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 20, currency: "eur" });
    expect((await first.request("GET", `/api/exchanges/${exchange_id}`)).status).toBe(200);

    for (const [method, path, body] of [
      ["GET", `/api/orders/${order.id}`, undefined],
      ["PATCH", `/api/orders/${order.id}`, { active: false }],
      ["GET", `/api/exchanges/${exchange_id}`, undefined],
      ["PATCH", `/api/exchanges/${exchange_id}`, { payout: { type: "channel" } }],
      ["GET", `/api/exchanges/${exchange_id}/events`, undefined],
      ["POST", `/api/exchanges/${exchange_id}/payout-link`, {}],
      ["GET", `/api/challenges/${challenge.id}`, undefined],
    ] as const) {
      const reply = await second.request(method, path, body);
      expect([method, path, reply.status, errorCode(reply)]).toEqual([method, path, 404, "not_found"]);
    }
    const secondList = (await second.request("GET", "/api/exchanges")).body as { data: { id: string }[] };
    expect(secondList.data.some((e) => e.id === exchange_id)).toBe(false);
  });

  it("the second tenant's webhooks arrive at its own endpoint and are listed for it alone", async () => {
    const [first, second] = await Promise.all([session("affiliate@example.com"), session("second@example.com")]);
    const order = await createOrderVia(second);
    const { exchange_id } = await new OperatorApi(operatorKey, app.sandboxUrl).pay({ order_id: order.id, amount: 20, currency: "eur" });
    const deadline = Date.now() + 10_000;
    let events: { event: string }[] = [];
    while (events.length === 0 && Date.now() < deadline) {
      events = ((await second.request("GET", `/api/exchanges/${exchange_id}/events`)).body as { data?: { event: string }[] }).data ?? [];
      if (events.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(events.map((e) => e.event)).toEqual(["exchange.executed"]);
    expect((await first.request("GET", `/api/exchanges/${exchange_id}/events`)).status).toBe(404);
  });
});

describe("the exchange index is per tenant", () => {
  it("a signed webhook of tenant A naming tenant B's exchange does not take it from B", async () => {
    const [first, second] = await Promise.all([session("affiliate@example.com"), session("second@example.com")]);
    const order = await createOrderVia(second);
    const { exchange_id } = await new OperatorApi(operatorKey, app.sandboxUrl).pay({ order_id: order.id, amount: 20, currency: "eur" });
    expect((await second.request("GET", `/api/exchanges/${exchange_id}`)).status).toBe(200);

    // the demo tenant's own (correctly signed) webhook names the second tenant's exchange
    const secret = (JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as { SANDBOX_DEMO_WEBHOOK_SECRET: string })
      .SANDBOX_DEMO_WEBHOOK_SECRET;
    const body = JSON.stringify({
      event: "exchange.refunded",
      payload: { exchange_id, order_id: order.id, reason: { code: "order_inactive" } },
    });
    const sent = await fetch(`${app.baseUrl}/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(sent.status).toBe(200);

    const reply = await second.request("GET", `/api/exchanges/${exchange_id}`, undefined, { "cache-control": "no-cache" });
    expect([reply.status, (reply.body as { id: string }).id]).toEqual([200, exchange_id]);
    const list = (await second.request("GET", "/api/exchanges")).body as { data: { id: string; state: string }[] };
    expect(list.data.find((e) => e.id === exchange_id)?.state).toBe("executed");
    // and the first tenant learns nothing of it from the upstream
    const probe = await first.request("GET", `/api/exchanges/${exchange_id}`);
    expect([probe.status, errorCode(probe)]).toEqual([404, "not_found"]);
  });
});

describe("upstream failures", () => {
  it("down → 502 upstream_unavailable; malformed JSON → 502; never a 500", async () => {
    const down = await session("down@example.com");
    const reply = await down.request("GET", `/api/orders/${randomUUID()}`);
    expect([reply.status, errorCode(reply)]).toEqual([502, "upstream_unavailable"]);
    const garbled = await session("garbage@example.com");
    const bad = await garbled.request("POST", "/api/challenges", {});
    expect([bad.status, errorCode(bad)]).toEqual([502, "upstream_invalid_response"]);
  });

  it("slow (no answer within 10 s) → 504 upstream_timeout", async () => {
    const slowSession = await session("slow@example.com");
    const started = Date.now();
    const reply = await slowSession.request("GET", `/api/exchanges/${randomUUID()}`);
    expect([reply.status, errorCode(reply)]).toEqual([504, "upstream_timeout"]);
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 30_000);
});

describe("test buttons are for sandbox tenants only", () => {
  it("a tenant whose upstream is real gets 404; a sandbox tenant simulates for its own orders and exchanges only", async () => {
    const [first, second, down] = await Promise.all([
      session("affiliate@example.com"),
      session("second@example.com"),
      session("down@example.com"),
    ]);
    const someId = randomUUID();
    for (const [method, path, body] of [
      ["POST", `/api/orders/${someId}/simulate-payment`, { amount: 10, currency: "eur" }],
      ["GET", `/api/exchanges/${someId}/simulate`, undefined],
      ["POST", `/api/exchanges/${someId}/simulate`, { type: "broadcast" }],
    ] as const) {
      const reply = await down.request(method, path, body);
      expect([path, reply.status, errorCode(reply)]).toEqual([path, 404, "not_found"]);
    }
    const order = await createOrderVia(second);
    const paid = await second.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 20, currency: "eur" });
    expect(paid.status).toBe(201);
    const { exchange_id } = paid.body as { exchange_id: string };
    for (const [method, path, body] of [
      ["POST", `/api/orders/${order.id}/simulate-payment`, { amount: 20, currency: "eur" }],
      ["GET", `/api/exchanges/${exchange_id}/simulate`, undefined],
      ["POST", `/api/exchanges/${exchange_id}/simulate`, { type: "broadcast" }],
    ] as const) {
      const reply = await first.request(method, path, body);
      expect([path, reply.status, errorCode(reply)]).toEqual([path, 404, "not_found"]);
    }
    const moved = await second.request("POST", `/api/exchanges/${exchange_id}/simulate`, { type: "broadcast" });
    expect([moved.status, (moved.body as { payout: unknown }).payout]).toEqual([200, expect.objectContaining({ confirmed: false })]);
  });
});
