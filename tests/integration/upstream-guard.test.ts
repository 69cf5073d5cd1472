import { randomBytes } from "node:crypto";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { OperatorApi } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { DashboardSession } from "./harness/dashboard";

// One guarded client for every upstream call: the tenant probe (and every call a tenant's client
// makes) refuses private, loopback, link-local and unspecified addresses however they are
// written, unless the address is this app's own sandbox or UPSTREAM_ALLOW_PRIVATE allows it;
// follows no redirect; reads no more than 1 MiB of an answer; keeps the base URL's path; and
// gives one reason for every way of not reaching a service, so that it maps no network.

let guarded: RunningApp;
let guardedOperator: DashboardSession;
/** A server on loopback that counts what reaches it and answers as the service would. */
let bait: Server;
let baitPort: number;
let hits = 0;
const operatorKey = `sk_op_guard_${randomBytes(8).toString("hex")}`;

beforeAll(async () => {
  bait = createServer((req, res) => {
    hits++;
    res.writeHead(req.headers.authorization?.includes("probe_") ? 401 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "not_found", documentation_uri: "https://svc.example/docs" }));
  });
  await new Promise<void>((resolve) => bait.listen(0, "127.0.0.1", resolve));
  baitPort = (bait.address() as AddressInfo).port;
  guarded = await startApp({ operatorKey, env: { DEMO_PASSWORD: "guarded-demo-password" } });
  guardedOperator = await DashboardSession.signIn("operator@example.com", "guarded-demo-password", { baseUrl: guarded.baseUrl });
}, 120_000);

afterAll(async () => {
  await guarded?.stop();
  if (guarded) removeDir(guarded.dataDir);
  await new Promise((resolve) => bait?.close(resolve));
});

const create = (session: DashboardSession, baseUrl: string, clientId = "cl_target_0001") =>
  session.request("POST", "/api/operator/tenants", {
    name: `Guard ${randomBytes(3).toString("hex")}`,
    base_url: baseUrl,
    client_id: clientId,
    network: "testnet",
  });

/** The refusal's reason for base_url. */
async function baseUrlRefusal(reply: Awaited<ReturnType<typeof create>>) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  const body = errorBodySchema.parse(reply.body);
  return body.details?.find((d) => d.path === "base_url")?.message ?? "";
}

const UNREACHABLE = "could not be reached (or may not be called from this server)";

describe("the tenant probe reaches no private address", () => {
  it.each([
    ["loopback", () => `http://127.0.0.1:${baitPort}/svc`],
    ["localhost", () => `http://localhost:${baitPort}/svc`],
    ["the unspecified address", () => `http://0.0.0.0:${baitPort}/svc`],
    ["loopback as one number", () => `http://2130706433:${baitPort}/svc`],
    ["loopback shortened", () => `http://127.1:${baitPort}/svc`],
    ["IPv6 loopback", () => `http://[::1]:${baitPort}/svc`],
    ["link-local (cloud metadata)", () => "http://169.254.169.254/latest"],
    ["a private network", () => "http://10.255.255.1/svc"],
    ["a closed port on loopback", () => "http://127.0.0.1:9/svc"],
  ])("%s: refused with the one reason, and nothing reaches it", async (_what, url) => {
    const before = hits;
    const reason = await baseUrlRefusal(await create(guardedOperator, url()));
    expect(reason).toContain(UNREACHABLE);
    expect(hits).toBe(before);
  });

  it("a base URL with a query or a fragment is refused as such; the app's own sandbox is taken", async () => {
    for (const url of [`${guarded.sandboxUrl}?x=`, `${guarded.sandboxUrl}#frag`, `http://user:pw@127.0.0.1:${guarded.port}/sandbox`]) {
      expect(await baseUrlRefusal(await create(guardedOperator, url))).toMatch(/no query, fragment or credentials/);
    }
    const client = await new OperatorApi(operatorKey, guarded.sandboxUrl).createClient("Own sandbox");
    expect((await create(guardedOperator, guarded.sandboxUrl, client.client_id)).status).toBe(201);
  });
});

describe("with private upstreams allowed (the suite's app): no redirect followed, no answer read past 1 MiB", () => {
  let servers: Server[] = [];
  const serve = async (handler: RequestListener) => {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  };
  let operator: DashboardSession;
  beforeAll(async () => {
    operator = await DashboardSession.signIn("operator@example.com");
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers = [];
  });

  it("a redirect is not followed: its target sees nothing, and the reason is that it is not the service's API", async () => {
    let followed = 0;
    const target = await serve((_req, res) => {
      followed++;
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found", documentation_uri: "x" }));
    });
    const redirector = await serve((req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target}${req.url ?? "/"}` });
      res.end();
    });
    const reason = await baseUrlRefusal(await create(operator, `http://127.0.0.1:${redirector}/svc`));
    expect(reason).toContain("did not answer as the exchange service's API");
    expect(followed).toBe(0);
  });

  it("a 20 MB answer is cut off at 1 MiB: the connection is closed before the rest is sent", async () => {
    let written = 0;
    let closedEarly = false;
    const flood = await serve((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (written < 20 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        res.end();
      };
      res.on("close", () => (closedEarly = written < 20 * 1024 * 1024));
      write();
    });
    const reason = await baseUrlRefusal(await create(operator, `http://127.0.0.1:${flood}/svc`));
    expect(reason).toContain(UNREACHABLE);
    await expect.poll(() => closedEarly).toBe(true);
    expect(written).toBeLessThan(20 * 1024 * 1024);
  });

  it("the base URL's path is kept: calls go to its /v1 paths", async () => {
    const paths: string[] = [];
    const service = await serve((req, res) => {
      paths.push(req.url ?? "");
      res.writeHead(req.headers.authorization?.includes("probe_") ? 401 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found", documentation_uri: "https://svc.example/docs" }));
    });
    const reply = await create(operator, `http://127.0.0.1:${service}/deep/base/`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(paths).toEqual([
      "/deep/base/v1/orders/00000000-0000-4000-8000-000000000000",
      "/deep/base/v1/orders/00000000-0000-4000-8000-000000000000",
    ]);
    expect(inject("baseUrl")).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
