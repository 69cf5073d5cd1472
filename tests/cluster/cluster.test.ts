import { createHmac, randomUUID } from "node:crypto";
import { connect, type ClientHttp2Stream } from "node:http2";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { ensureRunning } from "./instances";
import { balancer, first, postWebhook, second } from "./urls";
import { ClientApi, OperatorApi } from "../integration/harness/api";
import { mailedLink, redeemMailedLink } from "../integration/harness/invitations";
import { DashboardSession } from "../integration/harness/dashboard";
import { eventBody } from "../integration/harness/events";
import { coinOrder, lightningOrder, operator } from "../integration/harness/fixtures";
import { openSse, type SseFrame } from "../integration/harness/sse";
import { oathtool } from "../integration/harness/sign-in-steps";

// Two instances on one PostgreSQL behind nginx (deploy/nginx.conf), as users deploy it: every
// request here goes through the balancer unless it names an instance on purpose. An instance
// killed mid-burst is in kill.test.ts.

// a test file before this one may have stopped an instance
beforeAll(() => ensureRunning(inject("cluster")), 180_000);

const exchangeOf = (frame: SseFrame) => (JSON.parse(frame.data ?? "{}") as { exchange_id?: string }).exchange_id ?? "";

describe("two instances started together", () => {
  it("migrated and seeded the database once, and both serve", async () => {
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const migrations = await client.query<{ id: string; n: number }>("SELECT id, count(*)::int AS n FROM schema_migrations GROUP BY id");
      expect(migrations.rows.length).toBeGreaterThan(0);
      expect(migrations.rows.every((r) => r.n === 1)).toBe(true);
      const tenants = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM tenants");
      const clients = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM sandbox_clients");
      expect([tenants.rows[0]?.n, clients.rows[0]?.n]).toEqual([1, 1]);
    } finally {
      await client.end();
    }
    for (const url of inject("instanceUrls")) expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});

describe("through the balancer", () => {
  it("signs in and answers every dashboard route, with the client's address as the app sees it", async () => {
    const session = await DashboardSession.signIn("affiliate@example.com");
    const { order } = await coinOrder(new ClientApi(inject("demoClientId"), `${balancer()}/sandbox`));
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 50, currency: "eur" });
    for (const path of [
      "/api/overview",
      "/api/orders",
      `/api/orders/${order.id}`,
      "/api/exchanges",
      `/api/exchanges/${exchange_id}`,
      "/api/audit",
      "/api/webhook-events",
      "/api/agreements",
      "/api/reports/earnings?from=2021-01-01&to=2030-12-31",
      "/api/search?q=RF",
      "/api/openapi.json",
    ]) {
      const reply = await session.request("GET", path);
      expect([path, reply.status]).toEqual([path, 200]);
    }
    // a mutation through the balancer: the same-origin check sees the balancer's host
    const toggled = await session.request("PATCH", `/api/orders/${order.id}`, { active: false });
    expect(toggled.status).toBe(200);
  });

  it("a webhook that one instance receives reaches event streams held by the other and by the balancer", async () => {
    const session = await DashboardSession.signIn("affiliate@example.com");
    const streams = await Promise.all(
      [second(), balancer()].map((base) => openSse(`${base}/api/events`, { cookie: session.cookieHeader })),
    );
    for (const stream of streams) await stream.waitFor((f) => f.comment === "connected");
    const body = eventBody();
    expect(await postWebhook(first(), body)).toBe(200);
    const id = (JSON.parse(body) as { payload: { exchange_id: string } }).payload.exchange_id;
    for (const stream of streams) await stream.waitFor((f) => f.event === "webhook" && exchangeOf(f) === id);
    await Promise.all(streams.map((s) => s.close()));
  });

  it("a burst of webhooks through the balancer loses no event on either instance's streams", async () => {
    const session = await DashboardSession.signIn("affiliate@example.com");
    const streams = await Promise.all(
      inject("instanceUrls").map((base) => openSse(`${base}/api/events`, { cookie: session.cookieHeader })),
    );
    for (const stream of streams) await stream.waitFor((f) => f.comment === "connected");
    const bodies = Array.from({ length: 200 }, () => eventBody());
    const ids = new Set(bodies.map((b) => (JSON.parse(b) as { payload: { exchange_id: string } }).payload.exchange_id));
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < bodies.length) expect(await postWebhook(balancer(), bodies[next++] as string)).toBe(200);
      }),
    );
    for (const stream of streams) {
      await expect
        .poll(() => new Set(stream.frames.filter((f) => f.event === "webhook" && ids.has(exchangeOf(f))).map(exchangeOf)).size, {
          timeout: 15_000,
        })
        .toBe(ids.size);
    }
    await Promise.all(streams.map((s) => s.close()));
  });
});

describe("state that holds across instances", () => {
  it("the public payout page's rate limit is one allowance whichever instance answers", async () => {
    // one end user's address (as nginx forwards it) asking both instances by turns, 16 at a time
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const started = performance.now();
    const statuses: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 200) {
          const base = next++ % 2 === 0 ? first() : second();
          const reply = await fetch(`${base}/api/pay/not-a-link-${randomUUID()}`, { headers: { "x-forwarded-for": address } });
          await reply.arrayBuffer();
          statuses.push(reply.status);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const answered = statuses.filter((s) => s !== 429).length;
    console.log(`public limit over two instances: ${answered} of 200 answered in ${seconds.toFixed(2)} s, the rest 429`);
    // a bucket of 60 refilled at 10 a second, shared: counted per process it would be twice that
    expect(answered).toBeGreaterThanOrEqual(60);
    expect(answered).toBeLessThanOrEqual(60 + Math.ceil(10 * seconds) + 1);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
  });

  it("a webhook secret rotated on one instance is used by the other at once, not after its cache expires", async () => {
    // the operator works on the first instance, as a browser on the balancer's origin does
    const op = await DashboardSession.signIn("operator@example.com", undefined, { baseUrl: first() });
    const sameOrigin = { origin: balancer() };
    const created = await op.request(
      "POST",
      "/api/operator/tenants",
      {
        name: `Rotation ${randomUUID().slice(0, 8)}`,
        // the service is asked first: a client of the sandbox, reached through the balancer
        base_url: `${balancer()}/sandbox`,
        client_id: (await new OperatorApi(inject("operatorKey"), `${balancer()}/sandbox`).createClient("Rotation")).client_id,
        network: "testnet",
      },
      sameOrigin,
    );
    expect(created.status).toBe(201);
    const tenant = created.body as { id: string; webhook_url: string; webhook_secret: string };
    const path = new URL(tenant.webhook_url).pathname;
    const signed = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    const deliver = async (secret: string) => {
      const body = eventBody();
      const reply = await fetch(`${second()}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature-256": signed(secret, body), "x-correlation-id": randomUUID() },
        body,
      });
      await reply.arrayBuffer();
      return reply.status;
    };
    // the other instance has the tenant cached (5 s) with its first secret
    expect(await deliver(tenant.webhook_secret)).toBe(200);
    const rotated = await op.request(
      "POST",
      `/api/settings/webhook-secret/rotate?tenant_id=${tenant.id}`,
      { overlap_hours: 0 },
      sameOrigin,
    );
    expect(rotated.status).toBe(200);
    const { secret } = rotated.body as { secret: string };
    const started = performance.now();
    await expect.poll(() => deliver(secret), { timeout: 1_000, interval: 20 }).toBe(200);
    console.log(`the other instance took the new secret after ${(performance.now() - started).toFixed(0)} ms`);
    expect(await deliver(tenant.webhook_secret)).toBe(401);
  });

  it("a user's open event streams are counted over both instances: ten in all, not ten on each", async () => {
    const session = await DashboardSession.signIn("operator@example.com", undefined, { baseUrl: first() });
    const open = (base: string) => openSse(`${base}/api/events`, { cookie: session.cookieHeader });
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await open(i % 2 === 0 ? first() : second()));
    expect(streams.map((s) => s.response.status)).toEqual(Array(10).fill(200));
    const refused = await Promise.all(
      [first(), second()].map((base) => fetch(`${base}/api/events`, { headers: { cookie: session.cookieHeader } })),
    );
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    await Promise.all(refused.map((r) => r.arrayBuffer().catch(() => null)));
    // a stream closed on the first instance gives its place to one opened on the second
    await streams.shift()?.close();
    await expect
      .poll(
        async () => {
          const again = await open(second());
          if (again.response.status === 200) streams.push(again);
          else await again.close();
          return again.response.status;
        },
        { timeout: 2_000, interval: 20 },
      )
      .toBe(200);
    await Promise.all(streams.map((s) => s.close()));
  });

  it("a payout link's three streams are counted over both instances", async () => {
    const admin = await DashboardSession.signIn("affiliate@example.com");
    const { order } = await lightningOrder(new ClientApi(inject("demoClientId"), `${balancer()}/sandbox`));
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 100, currency: "eur" });
    const link = (await admin.request("POST", `/api/exchanges/${exchange_id}/payout-link`, {})).body as { url: string };
    const token = link.url.split("/pay/")[1] ?? "";
    const from = { "x-forwarded-for": `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
    const streams = [];
    for (const base of [first(), second(), first()]) streams.push(await openSse(`${base}/api/pay/${token}/events`, from));
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${second()}/api/pay/${token}/events`, { headers: from });
    expect(refused.status).toBe(429);
    await refused.arrayBuffer();
    await Promise.all(streams.map((s) => s.close()));
  });

  it("a sign-out on one instance ends the session on the other at once, not after its cache expires", async () => {
    const session = await DashboardSession.signIn("viewer@example.com", undefined, { baseUrl: first() });
    const onSecond = () => fetch(`${second()}/api/overview`, { headers: { cookie: session.cookieHeader } }).then((r) => r.status);
    expect(await onSecond()).toBe(200); // cached there for 3 s
    await session.signOut();
    await expect.poll(onSecond, { timeout: 1_000, interval: 20 }).toBe(401);
  });

  it("a reset of a member's second factors on one instance ends their sessions on the other at once", async () => {
    // mutations name the balancer as their origin, as a page served through it does
    const fromBalancer = { origin: balancer() };
    const admin = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: first() });
    const email = `cluster-${randomUUID().slice(0, 8)}@example.com`;
    const added = await admin.request("POST", "/api/settings/team", { email, role: "viewer" }, fromBalancer);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { member } = added.body as { member: { id: string } };
    // the invitation's link, read from the console's Mail tab, sets the member's password
    const operator = await DashboardSession.signIn("operator@example.com", undefined, { baseUrl: second() });
    const { token } = await mailedLink(email, "invitation", second(), operator);
    const password = `cluster-${randomUUID()}`;
    await redeemMailedLink(token, password, second());
    const session = await DashboardSession.signIn(email, password, { baseUrl: second() });
    const started = await session.request("POST", "/api/account/totp", undefined, fromBalancer);
    const { secret } = started.body as { secret: string };
    const confirmed = await session.request("POST", "/api/account/totp/confirm", { code: oathtool(secret) }, fromBalancer);
    expect(confirmed.status).toBe(200);
    const onSecond = () => session.request("GET", "/api/overview").then((r) => r.status);
    expect(await onSecond()).toBe(200); // cached there for 3 s
    const reset = await admin.request("POST", `/api/settings/team/${member.id}/reset-second-factors`, undefined, fromBalancer);
    expect(reset.status).toBe(200);
    await expect.poll(onSecond, { timeout: 1_000, interval: 20 }).toBe(401);
  });

  it("the sandbox clock moved on one instance is the other's clock at once", async () => {
    const moved = await fetch(`${first()}/sandbox/operator/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("operatorKey")}`, "content-type": "application/json" },
      body: JSON.stringify({ advance_seconds: 3600 }),
    });
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    // any answer of the sandbox, a refusal too, says its time in Date (to the second)
    const clockOfSecond = async () => {
      const reply = await fetch(`${second()}/sandbox/v1/challenges/${randomUUID()}`);
      await reply.arrayBuffer();
      return Date.parse(reply.headers.get("date") ?? "");
    };
    await expect.poll(clockOfSecond, { timeout: 1_000, interval: 20 }).toBeGreaterThanOrEqual(Date.parse(now) - 1_000);
  });
});

describe("the balancer over TLS", () => {
  it("speaks HTTP/2: one connection carries more event streams than HTTP/1.1's six connections, and other requests besides", async () => {
    const admin = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: balancer() });
    // the run's own certificate: a client that checked it would need it as its authority
    const session = connect(inject("tlsUrl"), { rejectUnauthorized: false });
    try {
      const open = (requestPath: string) =>
        new Promise<{ status: number; type: string; stream: ClientHttp2Stream }>((resolve, reject) => {
          const stream = session.request({ ":path": requestPath, cookie: admin.cookieHeader });
          stream.on("response", (headers) =>
            resolve({ status: Number(headers[":status"]), type: String(headers["content-type"] ?? ""), stream }),
          );
          stream.on("error", reject);
        });
      // eight: above HTTP/1.1's six connections a host, below a user's ten streams (STREAMS_PER_USER)
      const streams = await Promise.all(Array.from({ length: 8 }, () => open("/api/events")));
      for (const s of streams) expect([s.status, s.type]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
      // and the same connection still answers everything else while they stay open
      const health = await open("/api/health");
      expect(health.status).toBe(200);
      health.stream.close();
      for (const s of streams) s.stream.close();
    } finally {
      session.close();
    }
  });
});
