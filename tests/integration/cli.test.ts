import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { webhookEventDetailSchema, webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { paymentResultSchema } from "@/lib/service-api/operator-contract";
import { parse } from "./harness/api";
import { freePort, removeDir, type RunningApp } from "./harness/app-server";
import { CliRun, configHome, runCli } from "./harness/cli";
import { createScratchDatabase } from "./harness/database";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { password, startForwardingApp } from "./harness/forwarding";
import { Receiver, type Received } from "./harness/receiver";
import { openSse } from "./harness/sse";

// The developer's command line (docs/cli.md) run as a subprocess against an app of its own, which
// the suite restarts; the local handler is a plain node:http server that checks X-Signature-256
// with the secret the listener printed, as a developer's handler would.

let app: RunningApp;
let port: number;
let own: string | undefined;
let session: DashboardSession;
let key: string;
let receiver: Receiver;
/** Heartbeats every second: a stream that its key no longer allows ends within one. */
const appEnv = { STREAM_HEARTBEAT_SECONDS: "1" };

const start = (dataDir?: string) => startForwardingApp({ databaseUrl: own, dataDir, port, env: appEnv });

async function newKey(scopes: string[]) {
  const reply = await session.request("POST", "/api/settings/api-keys", { name: `cli ${randomBytes(3).toString("hex")}`, scopes });
  return parse(apiKeyCreatedSchema, reply, 201);
}

/** The environment of a CLI run: its own config directory, the app, the key. */
const cliEnv = (home = configHome(), apiKey = key) => ({
  XDG_CONFIG_HOME: home,
  EXCHANGE_DASHBOARD_URL: app.baseUrl,
  EXCHANGE_DASHBOARD_API_KEY: apiKey,
});

/** An exchange of a fresh order, executed: one `exchange.executed`. */
async function executedExchange() {
  const order = await createOrderVia(session);
  const paid = await session.request("POST", `/api/orders/${order.id}/simulate-payment`, {
    amount: 40 + Math.floor(Math.random() * 50),
    currency: "eur",
  });
  return parse(paymentResultSchema, paid, 201).exchange_id;
}

const settle = async (exchangeId: string) =>
  expect((await session.request("POST", `/api/exchanges/${exchangeId}/simulate`, { type: "broadcast" })).status).toBe(200);

/** The stored events after a cursor, oldest first, with their raw bodies: what a listener must forward. */
async function storedAfter(seq: number) {
  const page = parse(webhookEventPageSchema, await session.request("GET", `/api/webhook-events?sort=created&after=${seq}&limit=100`), 200);
  return Promise.all(
    page.data.map(async (e) => parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${e.seq}`), 200)),
  );
}

async function newestSeq() {
  const page = parse(webhookEventPageSchema, await session.request("GET", "/api/webhook-events?limit=1"), 200);
  return page.data[0]?.seq ?? 0;
}

/** A handler that verifies X-Signature-256 as the spec says: 401 for a wrong one. */
function verifyingHandler(secret: () => string) {
  return (request: Received, res: import("node:http").ServerResponse) => {
    const expected = Buffer.from(`sha256=${createHmac("sha256", secret()).update(request.body).digest("hex")}`);
    const given = Buffer.from(request.headers["x-signature-256"] ?? "");
    res.statusCode = given.length === expected.length && timingSafeEqual(given, expected) ? 200 : 401;
    res.end();
  };
}

const bodiesOf = (requests: Received[]) => requests.map((r) => r.body);
const ready = (run: CliRun) => run.until(() => run.lines().some((l) => l.ready === true), 20_000, "the listener's start");
const readyLine = (run: CliRun) => run.lines<{ ready?: boolean; secret: string }>().find((l) => l.ready === true);

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  own = databaseUrl ? await createScratchDatabase(databaseUrl, `cli_${randomBytes(4).toString("hex")}`) : undefined;
  port = await freePort();
  app = await start();
  session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
  key = (await newKey(["read", "write", "logs"])).key;
  receiver = await Receiver.start();
}, 120_000);

afterAll(async () => {
  await CliRun.stopAll();
  await receiver?.close();
  await app?.stop();
  if (app && !own) removeDir(app.dataDir);
});

describe("exchange-dashboard login", () => {
  it("checks the key, keeps URL and key in a config file readable by its owner only, and never prints the key", async () => {
    const home = configHome();
    const result = await runCli(["login", "--url", app.baseUrl], { XDG_CONFIG_HOME: home, EXCHANGE_DASHBOARD_API_KEY: key });
    expect(result.code, result.stderr).toBe(0);
    const file = path.join(home, "exchange-dashboard", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ url: app.baseUrl, api_key: key });
    expect(result.stdout + result.stderr).not.toContain(key);
    // the kept config is used by the next command without flags or environment
    const listed = await runCli(["events", "list", "--json"], { XDG_CONFIG_HOME: home });
    expect(listed.code, listed.stderr).toBe(0);
  });
});

describe("exchange-dashboard listen", () => {
  it("forwards every event, verified, exactly once and in order, across a restart of the listener and of the dashboard", async () => {
    const home = configHome();
    const after = await newestSeq();
    let secret = "";
    receiver.answerWith(verifyingHandler(() => secret));
    const args = ["listen", "--json", "--forward-to", `${receiver.url}/life`];
    let run = CliRun.start(args, cliEnv(home));
    await ready(run);
    secret = readyLine(run)?.secret ?? "";
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    const first = await executedExchange();
    await receiver.until(() => receiver.on("/life").length === 1, 20_000, "the first event");
    await run.until(() => run.lines().some((l) => l.seq !== undefined && l.status === 200), 10_000, "the listener's line");
    expect(await run.stop()).toBe(0);

    // while the listener is down
    await settle(first);
    run = CliRun.start(args, cliEnv(home));
    await ready(run);
    expect(readyLine(run)?.secret).toBe(secret);
    await receiver.until(() => receiver.on("/life").length === 2, 20_000, "the event stored while the listener was down");

    // the dashboard goes down and comes back on the same port; the listener waits for it
    await app.stop();
    await run.until(() => run.stderr.includes("connecting again"), 20_000, "the listener noticing");
    app = await start(app.dataDir);
    session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
    await run.until(() => run.stderr.includes("connected again"), 20_000, "the listener reconnecting");
    const second = await executedExchange();
    await settle(second);
    await receiver.until(() => receiver.on("/life").length >= 4, 20_000, "the events after the dashboard's restart");
    expect(await run.stop()).toBe(0);

    const stored = await storedAfter(after);
    expect(stored.map((e) => [e.exchange_id, e.event])).toEqual([
      [first, "exchange.executed"],
      [first, "exchange.settled"],
      [second, "exchange.executed"],
      [second, "exchange.settled"],
    ]);
    expect(bodiesOf(receiver.on("/life"))).toEqual(stored.map((e) => e.raw_body));
    for (const [i, request] of receiver.on("/life").entries()) {
      expect(request.headers).toMatchObject({
        "content-type": "application/json",
        "user-agent": "Sandbox-Webhook/1.0",
        "x-correlation-id": stored[i]?.correlation_id,
        "x-retry-count": "0",
      });
    }
    // one line per event, with the handler's answer: the restarted listener's three
    expect(
      run
        .lines()
        .filter((l) => l.seq !== undefined)
        .map((l) => [l.type, l.exchange_id, l.status]),
    ).toEqual([
      ["exchange.settled", first, 200],
      ["exchange.executed", second, 200],
      ["exchange.settled", second, 200],
    ]);
  }, 120_000);

  it("filters by --events, routes by type, signs --format standard, and retries a refusing handler", async () => {
    let refusals = 1;
    receiver.answerWith((request, res) => {
      res.statusCode = request.path === "/other" && refusals-- > 0 ? 503 : 200;
      res.end();
    });
    const routed = CliRun.start(
      ["listen", "--json", "--forward-to", `exchange.settled=${receiver.url}/settled`, "--forward-to", `${receiver.url}/other`],
      cliEnv(),
    );
    const filtered = CliRun.start(
      ["listen", "--json", "--events", "exchange.settled", "--forward-to", `${receiver.url}/only-settled`],
      cliEnv(),
    );
    const standard = CliRun.start(["listen", "--json", "--format", "standard", "--forward-to", `${receiver.url}/standard`], cliEnv());
    await Promise.all([ready(routed), ready(filtered), ready(standard)]);
    const whsec = readyLine(standard)?.secret ?? "";
    expect(whsec).toMatch(/^whsec_/);

    const exchange = await executedExchange();
    await settle(exchange);
    const stored = (await storedAfter(0)).filter((e) => e.exchange_id === exchange);
    const [executed, settled] = stored.map((e) => e.raw_body);
    await receiver.until(
      () => receiver.on("/standard").length === 2 && receiver.on("/settled").length === 1 && receiver.on("/other").length === 2,
      20_000,
      "the routed, filtered and standard deliveries",
    );
    // the listener handles events in order: once the later event is through, the earlier one was decided
    await receiver.until(() => receiver.on("/only-settled").length === 1);
    expect(bodiesOf(receiver.on("/only-settled"))).toEqual([settled]);
    expect(bodiesOf(receiver.on("/settled"))).toEqual([settled]);
    expect(bodiesOf(receiver.on("/other"))).toEqual([executed, executed]);
    expect(receiver.on("/other").map((r) => r.headers["x-retry-count"])).toEqual(["0", "1"]);
    expect(routed.stderr).toContain("HTTP 503, trying again");
    for (const request of receiver.on("/standard")) {
      expect(new Webhook(whsec).verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    }
    expect(bodiesOf(receiver.on("/standard"))).toEqual([executed, settled]);
    // a key's stream is not ended at the heartbeats (every second here) while the key holds
    expect(routed.stderr + filtered.stderr + standard.stderr).not.toContain("connecting again");
    await Promise.all([routed.stop(), filtered.stop(), standard.stop()]);
  }, 90_000);
});

describe("exchange-dashboard logs tail, events", () => {
  it("logs tail prints a call to the service made while it runs, and --status leaves others out", async () => {
    const exchange = await executedExchange();
    const all = CliRun.start(["logs", "tail", "--json", "--path", "/sandbox/v1/exchanges/"], cliEnv());
    const errors = CliRun.start(["logs", "tail", "--json", "--status", "4xx"], cliEnv());
    await Promise.all([ready(all), ready(errors)]);
    // asks the service afresh: one upstream call in the tenant's request log
    const read = await session.request("GET", `/api/exchanges/${exchange}`, undefined, { "cache-control": "no-cache" });
    expect(read.status).toBe(200);
    // the upstream base URL is this app's sandbox: the path is the sandbox's
    const called = `/sandbox/v1/exchanges/${exchange}`;
    await all.until(() => all.lines().some((l) => l.path === called && l.source === "upstream"), 20_000, "the logged call");
    expect(all.lines().find((l) => l.path === called && l.source === "upstream")).toMatchObject({ method: "GET", status: 200 });
    expect(all.lines().every((l) => l.ready === true || String(l.path).startsWith("/sandbox/v1/exchanges/"))).toBe(true);
    expect(errors.lines().filter((l) => l.path === called)).toEqual([]);
    await Promise.all([all.stop(), errors.stop()]);
  });

  it("events list shows the stored webhooks; events resend sends one again to the listener and to forwarding endpoints", async () => {
    const exchange = await executedExchange();
    const home = configHome();
    receiver.answerWith((_, res) => res.end());
    const listener = CliRun.start(["listen", "--json", "--forward-to", `${receiver.url}/resend`], cliEnv(home));
    await ready(listener);
    const listed = await runCli(["events", "list", "--json", "--limit", "5"], cliEnv(home));
    expect(listed.code, listed.stderr).toBe(0);
    const event = JSON.parse(listed.stdout.split("\n")[0] ?? "{}") as { seq: number; event: string; exchange_id: string };
    expect(event).toMatchObject({ event: "exchange.executed", exchange_id: exchange });

    const endpoint = await session.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/forwarded` });
    expect(endpoint.status).toBe(201);
    try {
      const resent = await runCli(["events", "resend", String(event.seq), "--json"], cliEnv(home));
      expect(resent.code, resent.stderr).toBe(0);
      expect(JSON.parse(resent.stdout)).toMatchObject({ seq: event.seq, forwarding_deliveries: 1, listener_pid: expect.any(Number) });
      await receiver.until(() => receiver.on("/resend").length === 1 && receiver.on("/forwarded").length === 1, 20_000, "both resends");
      const raw = parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${event.seq}`), 200).raw_body;
      expect(bodiesOf(receiver.on("/resend"))).toEqual([raw]);
      expect(bodiesOf(receiver.on("/forwarded"))).toEqual([raw]);
      await listener.until(() => listener.lines().some((l) => l.resent === true && l.seq === event.seq));
    } finally {
      await session.request("DELETE", `/api/forwarding/endpoints/${(endpoint.body as { id: string }).id}`);
      await listener.stop();
    }
  });
});

describe("GET /api/events with an API key", () => {
  it("stays open across heartbeats, carries request_log only with the logs scope, and needs read", async () => {
    const [withLogs, readOnly, logsOnly] = await Promise.all([newKey(["read", "logs"]), newKey(["read"]), newKey(["logs"])]);
    const open = (apiKey: string) => openSse(`${app.baseUrl}/api/events`, { authorization: `Bearer ${apiKey}` });
    const refused = await fetch(`${app.baseUrl}/api/events`, { headers: { authorization: `Bearer ${logsOnly.key}` } });
    expect([refused.status, await refused.json()]).toEqual([403, expect.objectContaining({ error: "insufficient_scope" })]);
    const logs = await open(withLogs.key);
    const read = await open(readOnly.key);
    try {
      expect([logs.response.status, read.response.status]).toEqual([200, 200]);
      const exchange = await executedExchange();
      await logs.waitFor((f) => f.event === "request_log", 20_000);
      // notices reach both streams in one order: the webhook that follows the log's notice
      // comes after it, so a read-only stream that got the webhook would have had the notice
      await read.waitFor((f) => f.event === "webhook" && (f.data ?? "").includes(exchange), 20_000);
      expect(read.frames.filter((f) => f.event === "request_log")).toEqual([]);
      // heartbeats come every second here: the key's stream is still open after three of them
      // (the first comment is the stream's greeting)
      let ended = false;
      void read.done.then(() => (ended = true));
      await read.waitFor(() => read.frames.filter((g) => g.comment !== undefined).length >= 4, 10_000);
      expect(ended).toBe(false);
    } finally {
      await Promise.all([logs.close(), read.close()]);
    }
  });
});

describe("exchange-dashboard's refusals", () => {
  it("a revoked key ends a running listener and refuses every command, with exit status 1 and a clear message", async () => {
    const created = await newKey(["read"]);
    const listener = CliRun.start(["listen", "--forward-to", `${receiver.url}/revoked`], cliEnv(configHome(), created.key));
    await listener.until(() => listener.stdout.includes("Ready."));
    expect((await session.request("DELETE", `/api/settings/api-keys/${created.id}`)).status).toBe(204);
    expect(await listener.exited).toBe(1);
    expect(listener.stderr).toContain("refused the API key");
    const listed = await runCli(["events", "list"], cliEnv(configHome(), created.key));
    expect([listed.code, listed.stderr]).toEqual([1, expect.stringContaining("refused the API key (unknown or revoked)")]);
    expect(listed.stderr + listener.stderr).not.toContain(created.key);
  });

  it("an unreachable dashboard is exit status 1, naming the URL", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    for (const args of [["events", "list"], ["listen", "--forward-to", `${receiver.url}/x`], ["login"]]) {
      const result = await runCli([...args, "--url", nowhere], { XDG_CONFIG_HOME: configHome(), EXCHANGE_DASHBOARD_API_KEY: key });
      expect([args[0], result.code, result.stderr]).toEqual([
        args[0],
        1,
        expect.stringContaining(`Cannot reach the dashboard at ${nowhere}`),
      ]);
    }
  });

  it.each([
    ["no --forward-to", ["listen"], "listen needs --forward-to"],
    ["a --forward-to that is not a URL", ["listen", "--forward-to", "exchange.settled=localhost"], "is not an http(s) URL"],
    ["an unknown --format", ["listen", "--forward-to", "http://127.0.0.1:9/", "--format", "xml"], "Allowed choices are service, standard"],
    ["an unknown command", ["lisen"], "unknown command 'lisen'"],
    ["events resend without an id", ["events", "resend"], "missing required argument 'seq'"],
    ["a bad --status", ["logs", "tail", "--status", "bad"], "--status bad"],
    ["a --set without =", ["trigger", "onchain-settled", "--set", "amount"], "--set amount: write key=value"],
  ])("%s is a usage error: exit status 2", async (_, args, message) => {
    const result = await runCli(args, cliEnv());
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining(message)]);
  });

  it("--help of every command ends with 0", async () => {
    for (const args of [[], ["login"], ["listen"], ["logs", "tail"], ["events", "list"], ["events", "resend"], ["trigger"]]) {
      const result = await runCli([...args, "--help"], {});
      expect([args.join(" "), result.code, result.stdout]).toEqual([
        args.join(" "),
        0,
        expect.stringContaining("Usage: exchange-dashboard"),
      ]);
    }
  });
});
