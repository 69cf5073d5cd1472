import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { expect, inject } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { webhookEventDetailSchema, webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { paymentResultSchema } from "@/lib/service-api/operator-contract";
import { parse } from "./api";
import { freePort, removeDir, type RunningApp } from "./app-server";
import { CliRun, configHome } from "./cli";
import { createScratchDatabase } from "./database";
import { createOrderVia, DashboardSession } from "./dashboard";
import { password, startForwardingApp } from "./forwarding";
import { Receiver, type Received } from "./receiver";

// The app the command line's suites run against (cli.test.ts, cli-listen.test.ts): an app of
// their own, which a test may stop and start again on the same port; an admin's session, an API
// key with the scopes read, write and logs, and a receiver standing in for the developer's
// handler. The bindings below are live: a restart changes `app` and `session` for every importer.

export let app: RunningApp;
export let session: DashboardSession;
export let key: string;
export let receiver: Receiver;
let port: number;
let own: string | undefined;
/** Heartbeats every second: a stream that its key no longer allows ends within one. */
const appEnv = { STREAM_HEARTBEAT_SECONDS: "1" };

const start = (dataDir?: string) => startForwardingApp({ databaseUrl: own, dataDir, port, env: appEnv });

export async function setUpCliApp() {
  const databaseUrl = inject("databaseUrl");
  own = databaseUrl ? await createScratchDatabase(databaseUrl, `cli_${randomBytes(4).toString("hex")}`) : undefined;
  port = await freePort();
  app = await start();
  session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
  key = (await newKey(["read", "write", "logs"])).key;
  receiver = await Receiver.start();
}

/** The app again, on its port and data, after `app.stop()`; and a new session in it. */
export async function startAgain() {
  app = await start(app.dataDir);
  session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
}

export async function tearDownCliApp() {
  await CliRun.stopAll();
  await receiver?.close();
  await app?.stop();
  if (app && !own) removeDir(app.dataDir);
}

export async function newKey(scopes: string[]) {
  const reply = await session.request("POST", "/api/settings/api-keys", { name: `cli ${randomBytes(3).toString("hex")}`, scopes });
  return parse(apiKeyCreatedSchema, reply, 201);
}

/** The environment of a CLI run: its own config directory, the app, the key. */
export const cliEnv = (home = configHome(), apiKey = key) => ({
  XDG_CONFIG_HOME: home,
  EXCHANGE_DASHBOARD_URL: app.baseUrl,
  EXCHANGE_DASHBOARD_API_KEY: apiKey,
});

/** An exchange of a fresh order, executed: one `exchange.executed`. */
export async function executedExchange() {
  const order = await createOrderVia(session);
  const paid = await session.request("POST", `/api/orders/${order.id}/simulate-payment`, {
    amount: 40 + Math.floor(Math.random() * 50),
    currency: "eur",
  });
  return parse(paymentResultSchema, paid, 201).exchange_id;
}

export const settle = async (exchangeId: string) =>
  expect((await session.request("POST", `/api/exchanges/${exchangeId}/simulate`, { type: "broadcast" })).status).toBe(200);

/** The stored events after a cursor, oldest first, with their raw bodies: what a listener must forward. */
export async function storedAfter(seq: number) {
  const page = parse(webhookEventPageSchema, await session.request("GET", `/api/webhook-events?sort=created&after=${seq}&limit=100`), 200);
  return Promise.all(
    page.data.map(async (e) => parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${e.seq}`), 200)),
  );
}

export async function newestSeq() {
  const page = parse(webhookEventPageSchema, await session.request("GET", "/api/webhook-events?limit=1"), 200);
  return page.data[0]?.seq ?? 0;
}

/** A handler that verifies X-Signature-256 as the spec says: 401 for a wrong one. */
export function verifyingHandler(secret: () => string) {
  return (request: Received, res: ServerResponse) => {
    const expected = Buffer.from(`sha256=${createHmac("sha256", secret()).update(request.body).digest("hex")}`);
    const given = Buffer.from(request.headers["x-signature-256"] ?? "");
    res.statusCode = given.length === expected.length && timingSafeEqual(given, expected) ? 200 : 401;
    res.end();
  };
}

export const bodiesOf = (requests: Received[]) => requests.map((r) => r.body);
export const ready = (run: CliRun) => run.until(() => run.lines().some((l) => l.ready === true), 20_000, "the listener's start");
export const readyLine = (run: CliRun) => run.lines<{ ready?: boolean; secret: string }>().find((l) => l.ready === true);
