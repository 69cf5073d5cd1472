import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import pg from "pg";
import { ClientApi } from "../integration/harness/api";
import { DashboardSession } from "../integration/harness/dashboard";
import { coinOrder, operator } from "../integration/harness/fixtures";
import { eventBody } from "../integration/harness/events";
import { openSse } from "../integration/harness/sse";
import { exchangeOf, follower } from "./follower";
import { ensureRunning, logFile, startInstance, stopInstance, type Stopped } from "./instances";
import { startPostgres, stopPostgres } from "./scratch-postgres";
import { balancer, sign } from "./urls";

// The two production drills: the database goes away while streams are open, and a rolling
// restart of both instances, each stopped as a process manager stops it, under load.

const instance = (i: number) => inject("instanceUrls")[i] ?? "";
const idOf = (body: string) => (JSON.parse(body) as { payload: { exchange_id: string } }).payload.exchange_id;

async function post(baseUrl: string, body: string): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature-256": sign(body), "x-correlation-id": randomUUID() },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** As the service sends a webhook: again, after a pause, until it is answered 2xx. */
async function deliver(baseUrl: string, body: string, refusals: number[]) {
  for (;;) {
    const status = await post(baseUrl, body);
    if (status === 200) return;
    refusals.push(status);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(() => ensureRunning(inject("cluster")), 180_000);

/** What a browser shows of a dashboard page: its status, and the text of its alert once one is drawn. */
async function pageInBrowser(url: string, cookieHeader: string): Promise<{ status: number | undefined; alert: string }> {
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookieHeader.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
    const page = await context.newPage();
    const response = await page.goto(url);
    const alert = page.getByRole("alert").filter({ hasText: /\S/ }).first();
    await alert.waitFor({ timeout: 10_000 }).catch(() => undefined);
    return { status: response?.status(), alert: (await alert.textContent().catch(() => null)) ?? "" };
  } finally {
    await browser.close();
  }
}

describe("a database outage", () => {
  for (const seconds of [15, 60]) {
    it(`of ${seconds} s: 503s meanwhile, then every event on every stream, without a reconnect`, async () => {
      const session = await DashboardSession.signIn("affiliate@example.com");
      // five browsers on the second instance; webhooks arrive at the first
      const streams = await Promise.all(
        Array.from({ length: 5 }, () => openSse(`${instance(1)}/api/events`, { cookie: session.cookieHeader })),
      );
      onTestFinished(() => Promise.all(streams.map((s) => s.close())).then(() => undefined));
      for (const stream of streams) await stream.waitFor((f) => f.comment === "connected");
      let ended = 0;
      for (const stream of streams) void stream.done.then(() => ended++);

      const before = Array.from({ length: 100 }, () => eventBody());
      const after = Array.from({ length: 100 }, () => eventBody());
      const refusals: number[] = [];
      for (const body of before) await deliver(instance(0), body, refusals);
      expect(refusals).toEqual([]);

      stopPostgres(inject("postgres"));
      let databaseBack = false;
      // a failure midway must not leave the database stopped for the tests after
      onTestFinished(() => {
        if (!databaseBack) startPostgres(inject("postgres"));
      });
      const down = Date.now();
      // while it is away: clear refusals, quickly, for the API, the webhook receiver and readiness
      const started = performance.now();
      const api = await fetch(`${instance(0)}/api/exchanges`, { headers: { cookie: session.cookieHeader } });
      const apiBody = (await api.json()) as { error?: string };
      const webhook = await post(instance(0), eventBody());
      const ready = await fetch(`${instance(0)}/api/health/ready`);
      const readiness = (await ready.json()) as { failing?: string[] };
      const answeredIn = performance.now() - started;
      // and a page, in a browser: an error state that says what to do, not a crash
      const page = await pageInBrowser(`${instance(0)}/`, session.cookieHeader);
      // the service keeps sending the next 100, each again while it is refused
      const sending = Promise.all(
        Array.from({ length: 4 }, async (_, lane) => {
          for (let i = lane; i < after.length; i += 4) await deliver(instance(0), after[i] as string, refusals);
        }),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, seconds * 1000 - (Date.now() - down))));
      startPostgres(inject("postgres"));
      databaseBack = true;
      const back = Date.now();
      await sending;

      const ids = [...before, ...after].map(idOf);
      const webhookFrames = (stream: (typeof streams)[number]) => stream.frames.filter((f) => f.event === "webhook");
      const missing = () => streams.reduce((n, s) => n + ids.filter((id) => !webhookFrames(s).map(exchangeOf).includes(id)).length, 0);
      // every stored event on every stream within 10 s of the database's return
      while (missing() > 0 && Date.now() - back < 10_000) await new Promise((r) => setTimeout(r, 50));
      const arrivals = streams.flatMap((s) => webhookFrames(s).map((f) => f.at));
      const lastArrival = arrivals.length ? Math.max(...arrivals) : back;
      console.log(
        `database away ${seconds} s: API ${api.status} ${apiBody.error ?? ""}, webhook ${webhook}, readiness ${ready.status} ` +
          `(${readiness.failing?.join(",") ?? "-"}) in ${answeredIn.toFixed(0)} ms; page ${page.status}; ` +
          `${refusals.length} webhook sends refused and sent again; ` +
          `${5 * ids.length - missing()} of ${5 * ids.length} deliveries on 5 streams, ${missing()} lost, the last ` +
          `${((lastArrival - back) / 1000).toFixed(1)} s after the database came back; ${ended} streams ended`,
      );
      expect([api.status, apiBody.error, api.headers.get("retry-after")]).toEqual([503, "database_unavailable", "5"]);
      expect(webhook).toBe(503);
      expect([page.status, page.alert]).toEqual([500, expect.stringContaining("This page could not be loaded")]);
      expect([ready.status, readiness.failing]).toEqual([503, ["database"]]);
      expect(answeredIn, "the three refusals took too long").toBeLessThan(15_000);
      expect(missing(), "deliveries lost").toBe(0);
      for (const stream of streams) {
        const seen = webhookFrames(stream)
          .map(exchangeOf)
          .filter((id) => ids.includes(id));
        expect(seen.length, "each event once").toBe(ids.length);
        const cursors = webhookFrames(stream).map((f) => Number(f.id));
        expect(cursors, "in cursor order").toEqual([...cursors].sort((a, b) => a - b));
      }
      expect(ended, "no stream ended: the browsers did not have to reconnect").toBe(0);
      await expect.poll(async () => (await fetch(`${instance(1)}/api/health/ready`)).status, { timeout: 10_000 }).toBe(200);

      // the sandbox's outbox kept running: a payment now is delivered to the dashboard once
      const { order } = await coinOrder(new ClientApi(inject("demoClientId"), `${balancer()}/sandbox`));
      const { exchange_id } = await operator().pay({ order_id: order.id, amount: 40, currency: "eur" });
      await streams[0]?.waitFor((f) => f.event === "webhook" && exchangeOf(f) === exchange_id, 15_000);
      const db = new pg.Client({ connectionString: inject("databaseUrl") });
      await db.connect();
      try {
        const twice = await db.query(
          "SELECT delivery_id FROM sandbox_delivery_attempts WHERE status_code BETWEEN 200 AND 299 " +
            "GROUP BY delivery_id HAVING count(*) > 1",
        );
        expect(twice.rows, "a delivery answered 2xx twice").toEqual([]);
      } finally {
        await db.end();
      }
      await Promise.all(streams.map((s) => s.close()));
    }, 150_000);
  }
});

describe("a rolling restart through nginx", () => {
  it("SIGTERM to npm start, then to a process group: no request fails, no event lost or repeated", async () => {
    const cluster = inject("cluster");
    const session = await DashboardSession.signIn("affiliate@example.com");
    // three browsers: two whose streams the first instance holds, one through the balancer
    const followers = [
      follower(session.cookieHeader, instance(0)),
      follower(session.cookieHeader, instance(1)),
      follower(session.cookieHeader),
    ];
    onTestFinished(() => Promise.all(followers.map((f) => f.stop())).then(() => undefined));
    for (const f of followers)
      await expect.poll(() => f.seen.some((frame) => frame.comment === "connected"), { timeout: 10_000 }).toBe(true);

    let running = true;
    const failures: string[] = [];
    let reads = 0;
    const sent: string[] = [];
    const readers = Array.from({ length: 8 }, async () => {
      while (running) {
        const path = reads % 2 === 0 ? "/api/exchanges?limit=5" : "/api/overview";
        const status = await fetch(`${balancer()}${path}`, { headers: { cookie: session.cookieHeader } })
          .then(
            async (response) => {
              await response.arrayBuffer();
              return response.status;
            },
            (error: Error) => `${error.message} (${String((error.cause as Error | undefined)?.message ?? "")})`,
          )
          .catch((error: Error) => `${error.message} (${String((error.cause as Error | undefined)?.message ?? "")})`);
        reads++;
        if (status !== 200) failures.push(`GET ${path}: ${status}`);
      }
    });
    const senders = Array.from({ length: 8 }, async () => {
      while (running) {
        const body = eventBody();
        const status = await post(balancer(), body);
        if (status !== 200) {
          failures.push(`POST /webhook: ${status}`);
          // as the service would: sent again, so that the event is there to be streamed
          await deliver(balancer(), body, []);
        }
        sent.push(idOf(body));
      }
    });

    const steps: { how: string; stopped: Stopped; drains: number; second: boolean }[] = [];
    const restart = async (index: number, to: "npm" | "group") => {
      const log = () => readFileSync(logFile(cluster, index), "utf8");
      const drainsBefore = (log().match(/"msg":"draining/g) ?? []).length;
      const stopped = await stopInstance(cluster, index, to);
      // what a container runtime does with processes that outlive the one it started
      for (const pid of stopped.left) process.kill(pid, "SIGKILL");
      const drains = (log().match(/"msg":"draining/g) ?? []).length - drainsBefore;
      steps.push({
        how: to === "npm" ? "SIGTERM to npm start" : "SIGTERM to the process group",
        stopped,
        drains,
        second: /a second signal/.test(log()),
      });
      await startInstance(cluster, index);
    };
    await new Promise((r) => setTimeout(r, 2_000));
    await restart(0, "npm");
    await new Promise((r) => setTimeout(r, 2_000));
    await restart(1, "group");
    await new Promise((r) => setTimeout(r, 2_000));
    running = false;
    await Promise.all([...readers, ...senders]);

    for (const f of followers) {
      await expect.poll(() => sent.every((id) => f.webhookIds().includes(id)), { timeout: 15_000 }).toBe(true);
    }
    await Promise.all(followers.map((f) => f.stop()));
    for (const step of steps) {
      console.log(
        `${step.how}: exit ${step.stopped.code ?? step.stopped.signal} after ${step.stopped.seconds.toFixed(1)} s, ` +
          `${step.stopped.left.length} processes left, ${step.drains} drain(s)`,
      );
    }
    console.log(
      `rolling restart: ${reads} reads and ${sent.length} webhooks through nginx, ${failures.length} failed; ` +
        `reconnects ${followers.map((f) => f.reconnects()).join("/")}`,
    );
    expect(failures).toEqual([]);
    for (const step of steps) {
      expect([step.how, step.stopped.code, step.stopped.left, step.drains, step.second]).toEqual([step.how, 0, [], 1, false]);
    }
    for (const f of followers) {
      const mine = f.webhookIds().filter((id) => sent.includes(id));
      expect(mine.length, "each event once, also across a reconnect").toBe(sent.length);
    }
    expect(followers[0]?.reconnects()).toBeGreaterThan(0);
    expect(followers[1]?.reconnects()).toBeGreaterThan(0);
  }, 240_000);
});
