import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { CliRun, configHome } from "./harness/cli";
import {
  app,
  bodiesOf,
  cliEnv,
  executedExchange,
  newestSeq,
  newKey,
  ready,
  readyLine,
  receiver,
  settle,
  setUpCliApp,
  startAgain,
  storedAfter,
  tearDownCliApp,
  verifyingHandler,
} from "./harness/cli-app";
import { openSse } from "./harness/sse";

// `exchange-dashboard listen` run as a subprocess against an app of its own, which the test
// restarts (harness/cli-app.ts); the local handler is a plain node:http server that checks
// X-Signature-256 with the secret the listener printed, as a developer's handler would. And the
// event stream it follows, opened with API keys.

beforeAll(setUpCliApp, 120_000);
afterAll(tearDownCliApp);

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
    await startAgain();
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
