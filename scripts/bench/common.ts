// What the sections of npm run bench share: the app's settings and secrets, an HTTP client with
// keep-alive, percentiles, a scratch PostgreSQL database, and a signed-in affiliate with one
// order and one exchange (setup).
import { randomBytes } from "node:crypto";
import { request as httpRequest, Agent } from "node:http";
import path from "node:path";
import pg from "pg";
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { signIn } from "../../tests/integration/harness/sign-in";
import { addressOf, bitcoinKey, signBip137 } from "../../tests/integration/harness/wallet";

export const root = path.resolve(import.meta.dirname, "../..");
export const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 1000);
export const INGEST_EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 3000);
export const INGEST_CONCURRENCY = 32;
export const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
export const WARM_UP_SUBSCRIBERS = 100;
export const SSE_EVENTS = 50;

export const secrets = {
  DEMO_PASSWORD: `bench-${randomBytes(8).toString("hex")}`,
  SANDBOX_DEMO_WEBHOOK_SECRET: `whsec_bench_${randomBytes(16).toString("hex")}`,
  SANDBOX_DEMO_CLIENT_ID: `demo_bench_${randomBytes(8).toString("hex")}`,
  SANDBOX_RATE_LIMIT: "100000",
  SANDBOX_DEMO_ACTIVITY: "false",
  // shared by a second instance (section 6): its sessions and sealed credentials are the first's
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
};
export const operatorKey = `sk_op_bench_${randomBytes(12).toString("hex")}`;
export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const verdict = (ok: boolean) => (ok ? "meets target" : "MISSES target");

export function send(
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

export async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const reply = await send(url, { headers });
  if (reply.status !== 200) throw new Error(`GET ${url} → ${reply.status} ${reply.body.slice(0, 200)}`);
  return performance.now() - started;
}

/** The server's memory after a full garbage collection (it runs with --expose-gc here). */
export async function memoryKb(app: RunningApp): Promise<{ heap: number; rss: number }> {
  const reply = await send(`${app.sandboxUrl}/operator/runtime?gc=1`, { headers: { authorization: `Bearer ${operatorKey}` } });
  const body = JSON.parse(reply.body) as { collected: boolean; heap_used: number; external: number; rss: number };
  if (!body.collected) throw new Error("the server did not collect garbage: start it with --expose-gc");
  return { heap: (body.heap_used + body.external) / 1024, rss: body.rss / 1024 };
}

export async function postgresUrl(): Promise<string | null> {
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

export async function dropDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

export async function setup(app: RunningApp) {
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

export async function tenantIdOf(app: RunningApp, cookie: string): Promise<string> {
  const session = JSON.parse((await send(`${app.baseUrl}/api/auth/session`, { headers: { cookie } })).body) as {
    user: { tenantId: string };
  };
  return session.user.tenantId;
}

/**
 * Streams a GET to its end while sampling the server's live memory (heap + external after a full
 * GC, every 200 ms: garbage not yet collected is no memory the export holds); the peak growth.
 */
export async function streamed(app: RunningApp, url: string, cookie: string) {
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
