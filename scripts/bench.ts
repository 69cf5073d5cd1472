// npm run bench: measures the dashboard server against its own baselines on this machine and
// prints figures, ratios and their targets, section by section (BENCH_ONLY=<section> runs one). A benchmark, not a test: it always exits 0
// unless it cannot run at all.
import { spawn, spawnSync } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, Agent } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startApp, type RunningApp } from "../tests/integration/harness/app-server";
import { signIn } from "../tests/integration/harness/sign-in";
import { eventBody } from "../tests/integration/harness/events";
import { addressOf, bitcoinKey, lightningNode, signBip137 } from "../tests/integration/harness/wallet";
import { lighthouseMedian, pageWeights } from "./bench/page-weight";
import { instancesBench } from "./bench/instances";
import { scaleBench } from "./bench/scale";

const root = path.resolve(import.meta.dirname, "..");
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 1000);
const INGEST_EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 3000);
const INGEST_CONCURRENCY = 32;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const SSE_EVENTS = 50;

const secrets = {
  DEMO_PASSWORD: `bench-${randomBytes(8).toString("hex")}`,
  SANDBOX_DEMO_WEBHOOK_SECRET: `whsec_bench_${randomBytes(16).toString("hex")}`,
  SANDBOX_DEMO_CLIENT_ID: `demo_bench_${randomBytes(8).toString("hex")}`,
  SANDBOX_RATE_LIMIT: "100000",
  SANDBOX_DEMO_ACTIVITY: "false",
  // shared by a second instance (section 6): its sessions and sealed credentials are the first's
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
};
const operatorKey = `sk_op_bench_${randomBytes(12).toString("hex")}`;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

// ---------- small helpers ----------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const ms = (v: number) => `${v.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");

function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const reply = await send(url, { headers });
  if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status} ${reply.body.slice(0, 200)}`);
  return performance.now() - started;
}

/** The server's memory after a full garbage collection (it runs with --expose-gc here). */
async function memoryKb(app: RunningApp): Promise<{ heap: number; rss: number }> {
  const reply = await send(`${app.sandboxUrl}/operator/runtime?gc=1`, { headers: { authorization: `Bearer ${operatorKey}` } });
  const body = JSON.parse(reply.body) as { collected: boolean; heap_used: number; external: number; rss: number };
  if (!body.collected) throw new Error("the server did not collect garbage: start it with --expose-gc");
  return { heap: (body.heap_used + body.external) / 1024, rss: body.rss / 1024 };
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const name = `bench_${randomBytes(4).toString("hex")}`;
    await client.query(`CREATE DATABASE ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return scratch.toString();
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

// ---------- setup ----------

async function setup(app: RunningApp) {
  const session = await signIn(app.baseUrl, "affiliate@example.com", secrets.DEMO_PASSWORD);
  if (!session.cookie) throw new Error(`sign-in failed: ${session.error}`);
  const client = { authorization: `client_id ${secrets.SANDBOX_DEMO_CLIENT_ID}`, "content-type": "application/json" };
  const challenge = JSON.parse((await send(`${app.sandboxUrl}/v1/challenges`, { method: "POST", headers: client, body: "{}" })).body) as {
    token: string;
  };
  const key = bitcoinKey("bench");
  const message = `Bench payout ${challenge.token}`;
  const order = JSON.parse(
    (
      await send(`${app.sandboxUrl}/v1/orders`, {
        method: "POST",
        headers: client,
        body: JSON.stringify({
          fee_rate: 0.02,
          payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
          payout_method: { bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, key, "p2wpkh") },
        }),
      })
    ).body,
  ) as { id: string };
  const operator = { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" };
  const payment = JSON.parse(
    (
      await send(`${app.sandboxUrl}/operator/payments`, {
        method: "POST",
        headers: operator,
        body: JSON.stringify({ order_id: order.id, amount: 100, currency: "eur" }),
      })
    ).body,
  ) as { exchange_id: string };
  return { cookie: session.cookie, exchangeId: payment.exchange_id, orderId: order.id };
}

// ---------- 1. proxy latency ----------

/** Interleaved sequential GETs: direct sandbox, proxy (snapshot cache), proxy forced upstream, an empty route. */
async function proxyLatency(app: RunningApp, ctx: { cookie: string; exchangeId: string }) {
  const direct = { authorization: `client_id ${secrets.SANDBOX_DEMO_CLIENT_ID}` };
  const proxied = { cookie: ctx.cookie };
  const forced = { cookie: ctx.cookie, "cache-control": "no-cache" };
  const directUrl = `${app.sandboxUrl}/v1/exchanges/${ctx.exchangeId}`;
  const proxyUrl = `${app.baseUrl}/api/exchanges/${ctx.exchangeId}`;
  const emptyUrl = `${app.baseUrl}/api/health`;
  for (let i = 0; i < 100; i++) {
    await timed(directUrl, direct);
    await timed(proxyUrl, proxied);
    await timed(proxyUrl, forced);
    await timed(emptyUrl, {});
  }
  const samples = { direct: [] as number[], proxy: [] as number[], upstream: [] as number[], empty: [] as number[] };
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    samples.direct.push(await timed(directUrl, direct));
    samples.proxy.push(await timed(proxyUrl, proxied));
    samples.upstream.push(await timed(proxyUrl, forced));
    samples.empty.push(await timed(emptyUrl, {}));
  }
  const summary = (v: number[]) => ({ p50: percentile(v, 50), p99: percentile(v, 99) });
  return {
    direct: summary(samples.direct),
    proxy: summary(samples.proxy),
    upstream: summary(samples.upstream),
    empty: summary(samples.empty),
  };
}

/** Requests per second of an empty Next.js route handler: the framework's own floor here. */
async function nextFloor(app: RunningApp): Promise<number> {
  const url = `${app.baseUrl}/api/health`;
  for (let i = 0; i < 300; i++) await send(url);
  let next = 0;
  const count = INGEST_EVENTS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next++ < count) await send(url);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

// ---------- 2. webhook ingest ----------

function signedEvents(count: number, secret: string) {
  return Array.from({ length: count }, () => {
    const body = eventBody();
    return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}` };
  });
}

async function ingest(url: string, events: { body: string; signature: string }[], expected = 200): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next < events.length) {
        const event = events[next++];
        if (!event) break;
        const reply = await send(url, {
          method: "POST",
          body: event.body,
          headers: {
            "content-type": "application/json",
            "x-signature-256": event.signature,
            "x-correlation-id": randomUUID(),
            "x-retry-count": "0",
            "user-agent": "Sandbox-Webhook/1.0",
          },
        });
        if (reply.status !== expected) throw new Error(`webhook → ${reply.status} ${reply.body}`);
      }
    }),
  );
  return events.length / ((performance.now() - started) / 1000);
}

async function startBare(databaseUrl: string | null, tenantId: string) {
  const port = await freePort();
  const pgliteDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/bench-bare-webhook.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      BARE_PORT: String(port),
      BARE_SECRET: secrets.SANDBOX_DEMO_WEBHOOK_SECRET,
      BARE_TENANT_ID: tenantId,
      ...(databaseUrl ? { BARE_DATABASE_URL: databaseUrl } : { BARE_PGLITE_DIR: pgliteDir }),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`bare handler exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    stop: () => {
      child.kill();
      if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    },
  };
}

/** Waits (at most a minute) until the server has logged `count` failed snapshot refreshes. */
async function refreshesLogged(app: RunningApp, count: number) {
  const logged = () => app.output().match(/"msg":"refreshing an exchange failed"/g)?.length ?? 0;
  for (const deadline = Date.now() + 60_000; logged() < count && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 200));
}

// ---------- 3. webhook → SSE ----------

type Subscriber = { received: Map<string, number>; close: () => void; ready: Promise<void> };

function subscribe(url: string, cookie: string): Subscriber {
  const received = new Map<string, number>();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const req = httpRequest(url, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes(": connected")) markReady();
        const marker = /"exchange_id":"([0-9a-f-]{36})"/.exec(frame);
        if (frame.includes("event: webhook") && marker?.[1]) received.set(marker[1], performance.now());
      }
    });
  });
  req.on("error", () => undefined);
  req.end();
  return { received, ready, close: () => req.destroy() };
}

/** Deliveries per second: `count` streams at `baseUrl`, `events` webhooks sent through it 8 at a time. */
async function fanOut(baseUrl: string, cookie: string, count: number, events: number) {
  const subscribers = Array.from({ length: count }, () => subscribe(`${baseUrl}/api/events`, cookie));
  await Promise.all(subscribers.map((s) => s.ready));
  const bodies = signedEvents(events, secrets.SANDBOX_DEMO_WEBHOOK_SECRET);
  const ids = bodies.map((e) => (JSON.parse(e.body) as { payload: { exchange_id: string } }).payload.exchange_id);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < bodies.length) {
        const event = bodies[next++];
        if (!event) break;
        await send(`${baseUrl}/webhook`, {
          method: "POST",
          body: event.body,
          headers: { "content-type": "application/json", "x-signature-256": event.signature },
        });
      }
    }),
  );
  const complete = () => subscribers.every((s) => ids.every((id) => s.received.has(id)));
  const deadline = performance.now() + 20_000;
  while (!complete() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  let delivered = 0;
  let last = started;
  for (const s of subscribers)
    for (const id of ids) {
      const at = s.received.get(id);
      if (at === undefined) continue;
      delivered++;
      last = Math.max(last, at);
    }
  for (const s of subscribers) s.close();
  return { rate: delivered / ((last - started) / 1000), missing: count * events - delivered };
}

const WARM_UP_SUBSCRIBERS = 100;

async function sseLatency(app: RunningApp, cookie: string, count = SUBSCRIBERS, warmUpCount = WARM_UP_SUBSCRIBERS) {
  // the first connections pay one-time costs (code paths compiled, pools grown): memory per
  // subscriber is the growth over the next `count` connections
  const warmUp = Array.from({ length: warmUpCount }, () => subscribe(`${app.baseUrl}/api/events`, cookie));
  await Promise.all(warmUp.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 2_000));
  const before = await memoryKb(app);
  const measured = Array.from({ length: count }, () => subscribe(`${app.baseUrl}/api/events`, cookie));
  await Promise.all(measured.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await memoryKb(app);
  const subscribers = [...warmUp, ...measured];
  const events = signedEvents(SSE_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET);
  const sentAt = new Map<string, number>();
  for (const event of events) {
    const exchangeId = (JSON.parse(event.body) as { payload: { exchange_id: string } }).payload.exchange_id;
    sentAt.set(exchangeId, performance.now());
    await send(`${app.baseUrl}/webhook`, {
      method: "POST",
      body: event.body,
      headers: { "content-type": "application/json", "x-signature-256": event.signature },
    });
    await new Promise((r) => setTimeout(r, 40));
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const latencies: number[] = [];
  let missing = 0;
  for (const s of subscribers) {
    for (const [id, sent] of sentAt) {
      const got = s.received.get(id);
      if (got === undefined) missing++;
      else latencies.push(got - sent);
    }
  }
  for (const s of subscribers) s.close();
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    heapPerSubscriberKb: (after.heap - before.heap) / count,
    rssPerSubscriberKb: (after.rss - before.rss) / count,
    missing,
    samples: latencies.length,
  };
}

// ---------- main ----------

async function main() {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("no build: running next build first");
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(1);
  }
  const databaseUrl = await postgresUrl();
  console.log(`bench on ${os.cpus().length} cores, database: ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
  const app = await startApp({
    operatorKey,
    databaseUrl: databaseUrl ?? undefined,
    env: {
      ...secrets,
      NODE_OPTIONS: "--expose-gc",
      STREAMS_PER_USER: String(Math.max(5000, SUBSCRIBERS + WARM_UP_SUBSCRIBERS + 50)),
      // section 7's receiver listens on 127.0.0.1
      FORWARDING_ALLOW_PRIVATE: "true",
    },
  });
  try {
    const ctx = await setup(app);
    if (process.env.BENCH_ONLY === "pages") {
      // section 5 alone (BENCH_ONLY=pages npm run bench)
      await pagesBench(app, ctx);
      return;
    }
    if (process.env.BENCH_ONLY === "instances") {
      // section 6 alone (BENCH_ONLY=instances npm run bench)
      if (!databaseUrl) throw new Error("several instances need PostgreSQL");
      await instancesSection(app, databaseUrl, ctx.cookie);
      return;
    }
    if (process.env.BENCH_ONLY === "forwarding") {
      // section 7 alone (BENCH_ONLY=forwarding npm run bench)
      await forwardingBench(app, ctx.cookie);
      return;
    }
    if (process.env.BENCH_ONLY === "scale") {
      // section 8 alone (BENCH_ONLY=scale npm run bench)
      if (!databaseUrl) throw new Error("data at scale is measured on PostgreSQL only");
      await scaleSection(app, databaseUrl, ctx.cookie);
      return;
    }
    if (process.env.BENCH_ONLY === "reports") {
      // section 4 alone (BENCH_ONLY=reports npm run bench)
      if (!databaseUrl) throw new Error("reports are measured on PostgreSQL only");
      await reportsBench(app, databaseUrl, await tenantIdOf(app, ctx.cookie), ctx.cookie);
      return;
    }

    const latency = await proxyLatency(app, ctx);
    const ratio = (a: { p50: number; p99: number }) =>
      `p50 ${(a.p50 / latency.direct.p50).toFixed(2)}  p99 ${(a.p99 / latency.direct.p99).toFixed(2)}`;
    console.log(
      "\n1. GET /api/exchanges/{id} (proxy) vs GET /sandbox/v1/exchanges/{id} (direct), sequential, " +
        LATENCY_SAMPLES +
        " each, interleaved",
    );
    console.log(`   direct                      p50 ${ms(latency.direct.p50)}  p99 ${ms(latency.direct.p99)}`);
    console.log(
      `   proxy (snapshot ≤ 2 s old)  p50 ${ms(latency.proxy.p50)}  p99 ${ms(latency.proxy.p99)}   ratio ${ratio(latency.proxy)}`,
    );
    console.log(
      `   proxy (no-cache: upstream)  p50 ${ms(latency.upstream.p50)}  p99 ${ms(latency.upstream.p99)}   ratio ${ratio(latency.upstream)}`,
    );
    const proxyRatio = Math.max(latency.proxy.p50 / latency.direct.p50, latency.proxy.p99 / latency.direct.p99);
    console.log(`   target ratio ≤ 1.3 (default path, p50 and p99): ${verdict(proxyRatio <= 1.3)}`);
    const forcedRatio = Math.max(latency.upstream.p50 / latency.direct.p50, latency.upstream.p99 / latency.direct.p99);
    console.log(`   target ratio ≤ 1.3 (no-cache, forced upstream, p50 and p99): ${verdict(forcedRatio <= 1.3)}`);
    // the proxy forced upstream is the direct call plus one more Next.js route in front of it
    const least = (q: "p50" | "p99") => ((latency.direct[q] + latency.empty[q]) / latency.direct[q]).toFixed(2);
    console.log(
      `   empty Next.js route (GET /api/health)  p50 ${ms(latency.empty.p50)}  p99 ${ms(latency.empty.p99)}: ` +
        `a proxy over HTTP costs the direct call plus at least that, ratio p50 ${least("p50")}  p99 ${least("p99")} ` +
        "before any work of its own",
    );

    const tenantId = await tenantIdOf(app, ctx.cookie);
    const bare = await startBare(databaseUrl, tenantId);
    try {
      await ingest(bare.url, signedEvents(200, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
      const bareRate = await ingest(bare.url, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
      const floor = await nextFloor(app);
      // the same signed webhooks to an empty handler: POST /api/health answers 405 without reading them
      const postFloor = await ingest(`${app.baseUrl}/api/health`, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET), 405);
      await ingest(`${app.baseUrl}/webhook`, signedEvents(200, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
      await new Promise((r) => setTimeout(r, 3_000)); // the warm-up's snapshot refreshes drain
      const appRate = await ingest(`${app.baseUrl}/webhook`, signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
      console.log(`\n2. webhook ingest (verify + store + publish), ${INGEST_EVENTS} events, ${INGEST_CONCURRENCY} in flight`);
      console.log(`   bare node:http handler        ${bareRate.toFixed(0)} events/s`);
      console.log(
        `   POST /webhook (app)           ${appRate.toFixed(0)} events/s   ratio ${(appRate / bareRate).toFixed(2)}   ` +
          `target ≥ 0.7: ${verdict(appRate / bareRate >= 0.7)}`,
      );
      console.log(
        `   empty Next.js route, GET      ${floor.toFixed(0)} req/s      ratio ${(floor / bareRate).toFixed(2)}: ` +
          "the most any route handler reaches here",
      );
      console.log(
        `   the same webhooks POSTed to an empty route  ${postFloor.toFixed(0)} req/s   ${(postFloor / floor).toFixed(2)} of the GET: ` +
          "what Next.js spends on a request with a body",
      );
      console.log(`   POST /webhook / empty GET     ${(appRate / floor).toFixed(2)}   target ≥ 0.85: ${verdict(appRate / floor >= 0.85)}`);
      console.log(
        `   POST /webhook / empty POST    ${(appRate / postFloor).toFixed(2)}   target ≥ 0.85: ${verdict(appRate / postFloor >= 0.85)} ` +
          "(the webhook's own work: verify, store, publish, log)",
      );
    } finally {
      bare.stop();
    }

    // each ingested event names an exchange the sandbox does not know: its snapshot refresh ends
    // in a logged 404. Section 3 starts once every one has, not while they still load the server.
    await refreshesLogged(app, 200 + INGEST_EVENTS);
    // the same webhooks to 10 subscribers, then to SUBSCRIBERS + the warm-up: what the 1 000 cost each one
    const few = await sseLatency(app, ctx.cookie, 10, 0);
    await new Promise((r) => setTimeout(r, 1_000));
    const sse = await sseLatency(app, ctx.cookie);
    console.log(
      `\n3. webhook → SSE with ${SUBSCRIBERS + WARM_UP_SUBSCRIBERS} subscribers, ${SSE_EVENTS} events ` +
        `(${sse.samples} deliveries, ${sse.missing} missing)`,
    );
    console.log(`   10 subscribers:  p50 ${ms(few.p50)}  p99 ${ms(few.p99)}  (${few.samples} deliveries, ${few.missing} missing)`);
    console.log(`   latency p50 ${ms(sse.p50)}  p99 ${ms(sse.p99)}   target p99 < 100 ms: ${verdict(sse.p99 < 100)}`);
    const fanRatio = sse.p99 / few.p99;
    console.log(
      `   p99 with ${SUBSCRIBERS + WARM_UP_SUBSCRIBERS} against 10: ${fanRatio.toFixed(2)}   target ≤ 2: ${verdict(fanRatio <= 2)}`,
    );
    console.log(`   memory per subscriber, growth over ${SUBSCRIBERS} after ${WARM_UP_SUBSCRIBERS} warm-up, after full GC:`);
    console.log(
      `     JS heap + external ${sse.heapPerSubscriberKb.toFixed(1)} KB   target < 40 KB: ${verdict(sse.heapPerSubscriberKb < 40)}`,
    );
    console.log(
      `     (RSS moved ${sse.rssPerSubscriberKb.toFixed(1)} KB per subscriber: ` +
        "a full GC hands pages back, so RSS is no per-subscriber measure)",
    );
    if (process.env.BENCH_ONLY === "core") return; // sections 1–3 alone (BENCH_ONLY=core npm run bench)
    if (databaseUrl) await reportsBench(app, databaseUrl, tenantId, ctx.cookie);
    else console.log("\n4. reports and exports: skipped, they are measured on PostgreSQL only");
    await pagesBench(app, ctx);
    if (databaseUrl) await instancesSection(app, databaseUrl, ctx.cookie);
    else console.log("\n6. one instance against two: skipped, instances share PostgreSQL only");
    await forwardingBench(app, ctx.cookie);
    if (databaseUrl) await scaleSection(app, databaseUrl, ctx.cookie);
    else console.log("\n8. data at scale: skipped, it is measured on PostgreSQL only");
  } finally {
    await app.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    else rmSync(app.dataDir, { recursive: true, force: true });
    agent.destroy();
  }
}

// ---------- 7. forwarding ----------

const FORWARD_EVENTS = Number(process.env.BENCH_FORWARD_EVENTS ?? 2000);

/**
 * One instance forwarding every stored webhook to one endpoint (a local receiver answering 200 at
 * once): the ingest rate with no endpoint and with one, and the rate at which forwarded webhooks
 * reach the receiver, measured in the same run, from the first webhook sent to the last one
 * forwarded.
 */
async function forwardingBench(app: RunningApp, cookie: string) {
  const ids = new Set<string>();
  let copies = 0;
  let lastAt = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (ids.has(id)) copies++;
      ids.add(id);
      lastAt = performance.now();
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const baseline = await ingest(`${app.baseUrl}/webhook`, signedEvents(FORWARD_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const created = await send(`${app.baseUrl}/api/forwarding/endpoints`, {
      method: "POST",
      headers: { cookie, origin: app.baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/bench` }),
    });
    if (created.status !== 201) throw new Error(`endpoint → ${created.status} ${created.body}`);
    const started = performance.now();
    const withEndpoint = await ingest(`${app.baseUrl}/webhook`, signedEvents(FORWARD_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const ingestedAt = performance.now();
    const deadline = Date.now() + 300_000;
    while (ids.size < FORWARD_EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const forwardRate = ids.size / ((lastAt - started) / 1000);
    const lag = (lastAt - ingestedAt) / 1000;
    console.log(`\n7. forwarding: ${FORWARD_EVENTS} webhooks at ${INGEST_CONCURRENCY} in flight, one instance, one endpoint`);
    console.log(`   ingest, no endpoint            ${baseline.toFixed(0)} events/s`);
    console.log(
      `   ingest, one endpoint           ${withEndpoint.toFixed(0)} events/s   ratio ${(withEndpoint / baseline).toFixed(2)}   ` +
        `target ≥ 0.8 (queueing a job per event costs little): ${verdict(withEndpoint / baseline >= 0.8)}`,
    );
    console.log(
      `   forwarded                      ${forwardRate.toFixed(0)} events/s   ` +
        `ratio to ingest ${(forwardRate / withEndpoint).toFixed(2)}   target ≥ 0.5: ${verdict(forwardRate / withEndpoint >= 0.5)}`,
    );
    console.log(
      `   ${ids.size} of ${FORWARD_EVENTS} arrived, ${copies} twice; the last ${lag.toFixed(1)} s after the last webhook was stored`,
    );
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

// ---------- 6. one instance against two ----------

function instancesSection(app: RunningApp, databaseUrl: string, cookie: string) {
  return instancesBench({
    app,
    databaseUrl,
    operatorKey,
    env: { ...secrets, STREAMS_PER_USER: "5000" },
    cookie,
    ingest: (url, count) => ingest(url, signedEvents(count, secrets.SANDBOX_DEMO_WEBHOOK_SECRET)),
    fanOut: (url, subscribers, events) => fanOut(url, cookie, subscribers, events),
  });
}

// ---------- 4. reports and exports over many exchanges (PostgreSQL) ----------

const REPORT_ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 100_000);

/**
 * Streams a GET to its end while sampling the server's live memory (heap + external after a full
 * GC, every 200 ms: garbage not yet collected is no memory the export holds); the peak growth.
 */
async function streamed(app: RunningApp, url: string, cookie: string) {
  const before = (await memoryKb(app)).heap;
  let peak = before;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, (await memoryKb(app)).heap);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const started = performance.now();
  const reply = await send(url, { headers: { cookie } });
  const elapsed = performance.now() - started;
  done = true;
  await sampler;
  if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status} ${reply.body.slice(0, 200)}`);
  return { ms: elapsed, bytes: Buffer.byteLength(reply.body), peakGrowthMb: (peak - before) / 1024, body: reply.body };
}

async function reportsBench(app: RunningApp, databaseUrl: string, tenantId: string, cookie: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const affiliates = [randomUUID(), randomUUID()];
  try {
    // rows as the index holds them after the service's webhooks, spread over the last year
    await client.query(
      `INSERT INTO exchanges (id, tenant_id, order_id, snapshot, state, pair, type, first_seen_at, fetched_at, executed_at, affiliate_id)
       SELECT gen_random_uuid(), $1, gen_random_uuid(),
              jsonb_build_object('cost', c.cost, 'fee', round(c.cost * 0.02, 2), 'fee_rate', 0.02, 'rate', 60000,
                                 'amount', floor((c.cost - round(c.cost * 0.02, 2)) / 60000 * 1e8) / 1e8,
                                 'executed_on', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'pair', c.pair, 'type', 'buy', 'action', null, 'reason', null, 'payout', null),
              'executed', c.pair, 'buy', c.at, c.at, c.at, c.affiliate
       FROM (SELECT round((10 + random() * 990)::numeric, 2) AS cost, now() - random() * interval '365 days' AS at,
                    (ARRAY['btc/eur', 'btc/chf', 'btc/gbp'])[1 + (i % 3)] AS pair, ($2::uuid[])[1 + (i % 2)] AS affiliate
             FROM generate_series(1, $3) AS i) c`,
      [tenantId, affiliates, REPORT_ROWS],
    );
    await client.query(`INSERT INTO affiliate_share_periods VALUES ($1, $2, '2000-01-01', 20), ($1, $3, '2000-01-01', 12.5)`, [
      tenantId,
      ...affiliates,
    ]);
    await client.query("ANALYZE exchanges");
    // every generated row: from 400 days ago to tomorrow (a report spans ten years at most)
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const from = day(-400);
    const to = day(1);
    const plain = async () => {
      const started = performance.now();
      const result = await client.query(
        "SELECT * FROM exchanges WHERE tenant_id = $1 AND COALESCE(executed_at, first_seen_service_at, first_seen_at) >= $2 " +
          "AND COALESCE(executed_at, first_seen_service_at, first_seen_at) < $3",
        [tenantId, from, to],
      );
      if (result.rowCount === null || result.rowCount < REPORT_ROWS) throw new Error("rows missing");
      return performance.now() - started;
    };
    const report = (group: string) => timed(`${app.baseUrl}/api/reports/earnings?from=${from}&to=${to}&group=${group}`, { cookie });
    await plain();
    await report("agreement");
    const runs = 3;
    const plainMs: number[] = [];
    const reportMs: Record<string, number[]> = { agreement: [], month: [] };
    for (let i = 0; i < runs; i++) {
      plainMs.push(await plain());
      for (const group of Object.keys(reportMs)) reportMs[group]?.push(await report(group));
    }
    const exported = await streamed(app, `${app.baseUrl}/api/exchanges/export.csv?from=${from}&to=${to}`, cookie);
    const median = (v: number[]) => percentile(v, 50);
    const base = median(plainMs);
    console.log(`\n4. reports and exports over ${REPORT_ROWS} exchanges (PostgreSQL), median of ${runs}`);
    console.log(`   plain SELECT of the same rows  ${ms(base)}`);
    for (const [group, values] of Object.entries(reportMs)) {
      const r = median(values) / base;
      console.log(
        `   GET /api/reports/earnings?group=${group}  ${ms(median(values))}   ratio ${r.toFixed(2)}   target ≤ 2: ${verdict(r <= 2)}`,
      );
    }
    const r = exported.ms / base;
    console.log(
      `   GET /api/exchanges/export.csv   ${ms(exported.ms)} (${(exported.bytes / 1e6).toFixed(1)} MB)   ratio ${r.toFixed(2)}   ` +
        `target ≤ 8: ${verdict(r <= 8)}`,
    );
    console.log(
      `   export peak memory growth ${exported.peakGrowthMb.toFixed(1)} MB (heap + external)   ` +
        `target < 64 MB: ${verdict(exported.peakGrowthMb < 64)}`,
    );
  } finally {
    await client.end();
  }
}

// ---------- 8. data at scale ----------

async function scaleSection(app: RunningApp, databaseUrl: string, cookie: string) {
  const get = async (path: string) => {
    const started = performance.now();
    const reply = await send(`${app.baseUrl}${path}`, { headers: { cookie } });
    return { ...reply, ms: performance.now() - started };
  };
  await scaleBench({
    databaseUrl,
    tenantId: await tenantIdOf(app, cookie),
    get,
    exportRun: (path) => streamed(app, `${app.baseUrl}${path}`, cookie),
  });
}

// ---------- 5. page weight and Lighthouse ----------

/** A Lightning exchange awaiting its payout, through the dashboard's API, and its public payout link. */
async function payoutLink(app: RunningApp, cookie: string): Promise<{ url: string; exchangeId: string }> {
  const headers = { cookie, origin: app.baseUrl, "content-type": "application/json" };
  const post = async (url: string, body: unknown) => {
    const reply = await send(url, { method: "POST", headers, body: JSON.stringify(body) });
    if (reply.status >= 300) throw new Error(`${url}: ${reply.status} ${reply.body}`);
    return JSON.parse(reply.body) as Record<string, unknown>;
  };
  const { token } = (await post(`${app.baseUrl}/api/challenges`, {})) as { token: string };
  const node = lightningNode("bench pages");
  const message = `Payouts to my node. Challenge: ${token}`;
  const order = (await post(`${app.baseUrl}/api/orders`, {
    fee_rate: 0.02,
    payment_method: { currency: "eur", debitor_iban: "DE89370400440532013000" },
    payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
  })) as { id: string };
  const paid = await send(`${app.sandboxUrl}/operator/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${operatorKey}`, "content-type": "application/json" },
    body: JSON.stringify({ order_id: order.id, amount: 150, currency: "eur" }),
  });
  const { exchange_id: exchangeId } = JSON.parse(paid.body) as { exchange_id: string };
  for (let i = 0; i < 50 && (await send(`${app.baseUrl}/api/exchanges/${exchangeId}`, { headers: { cookie } })).status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const link = (await post(`${app.baseUrl}/api/exchanges/${exchangeId}/payout-link`, {})) as { url: string };
  return { url: link.url, exchangeId };
}

async function pagesBench(app: RunningApp, ctx: { cookie: string; exchangeId: string; orderId: string }) {
  const { url: payUrl, exchangeId } = await payoutLink(app, ctx.cookie);
  const operator = await signIn(app.baseUrl, "operator@example.com", secrets.DEMO_PASSWORD);
  if (!operator.cookie) throw new Error(`operator sign-in failed: ${operator.error}`);
  const live = '[data-live-status="connected"]';
  const dashboard = (name: string, target = 1.3) => ({ name, url: `${app.baseUrl}${name}`, target, ready: live, cookie: ctx.cookie });
  const { floor, rows } = await pageWeights(
    [
      { name: "/pay/{token}", url: payUrl, target: 1.1, ready: '[data-live="true"]' },
      { name: "/login", url: `${app.baseUrl}/login`, target: 1.3 },
      dashboard("/"),
      dashboard("/orders"),
      dashboard("/exchanges"),
      { ...dashboard(`/exchanges/${exchangeId}`), name: "/exchanges/{id}" },
      { ...dashboard(`/orders/${ctx.orderId}`), name: "/orders/{id}" },
      dashboard("/events"),
      dashboard("/audit"),
      dashboard("/reports"),
      dashboard("/settings"),
      dashboard("/orders/new", 1.6),
      { ...dashboard("/operator"), cookie: operator.cookie, name: "/operator (operator)" },
    ],
    `${app.baseUrl}/blank`,
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log("\n5. page weight over the wire, empty cache, Debian's Chromium: JavaScript against the blank page's");
  console.log(`   /blank (floor)        scripts ${kb(floor.scriptBytes).padStart(9)}   everything ${kb(floor.totalBytes).padStart(9)}`);
  for (const row of rows) {
    console.log(
      `   ${row.name.padEnd(20)}  scripts ${kb(row.weight.scriptBytes).padStart(9)}   ` +
        `everything ${kb(row.weight.totalBytes).padStart(9)}   ratio ${row.ratio.toFixed(2)}   ` +
        `target ≤ ${row.target}: ${verdict(row.ratio <= row.target)}`,
    );
  }
  const floorScores = lighthouseMedian(`${app.baseUrl}/blank`);
  if (!("error" in floorScores)) {
    console.log(
      `   Lighthouse (mobile) on /blank, the floor, median of ${floorScores.all.length} runs ` +
        `(${floorScores.all.map((s) => s.toFixed(2)).join(", ")}): performance ${floorScores.performance.toFixed(2)} ` +
        `(total blocking time ${ms(floorScores.tbtMs)}, largest contentful paint ${ms(floorScores.lcpMs)})`,
    );
  }
  const scores = lighthouseMedian(payUrl);
  if ("error" in scores) console.log(`   Lighthouse (mobile) on /pay/{token}: could not run: ${scores.error}`);
  else {
    console.log(
      `   Lighthouse (mobile) on /pay/{token}, median of ${scores.all.length} runs (${scores.all.map((s) => s.toFixed(2)).join(", ")}):`,
    );
    console.log(
      `     performance ${scores.performance.toFixed(2)}   target ≥ 0.95: ${verdict(scores.performance >= 0.95)}   ` +
        `(total blocking time ${ms(scores.tbtMs)}, largest contentful paint ${ms(scores.lcpMs)})`,
    );
    console.log(`     accessibility ${scores.accessibility.toFixed(2)}   target 1: ${verdict(scores.accessibility >= 1)}`);
    console.log(`     best practices ${scores.bestPractices.toFixed(2)}   target 1: ${verdict(scores.bestPractices >= 1)}`);
  }
}

async function tenantIdOf(app: RunningApp, cookie: string): Promise<string> {
  const session = JSON.parse((await send(`${app.baseUrl}/api/auth/session`, { headers: { cookie } })).body) as {
    user: { tenantId: string };
  };
  return session.user.tenantId;
}

main().catch((error: unknown) => {
  console.error("bench failed:", error instanceof Error ? error.stack : error);
  process.exit(1);
});
