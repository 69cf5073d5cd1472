import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DashboardSession } from "../integration/harness/dashboard";
import { eventBody } from "../integration/harness/events";
import { freePort } from "../integration/harness/app-server";
import { ensureRunning, logFile } from "./instances";
import { sign } from "./urls";

// What operators see: readiness, the Prometheus metrics of every instance (checked by promtool
// and scraped by a real Prometheus server), and JSON log lines that carry the request's ids.

const root = path.resolve(import.meta.dirname, "../..");
const instance = (i: number) => inject("instanceUrls")[i] ?? "";

function tool(name: string): string {
  const found = [`/usr/bin/${name}`, `/usr/local/bin/${name}`].find((p) => existsSync(p));
  if (!found) throw new Error(`The cluster suite needs ${name}: apt-get install prometheus`);
  return found;
}

async function metricsOf(base: string): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${inject("metricsToken")}` } });
  expect(response.status).toBe(200);
  return response.text();
}

async function webhook(base: string) {
  const body = eventBody();
  const response = await fetch(`${base}/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature-256": sign(body), "x-correlation-id": randomUUID() },
    body,
  });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
}

beforeAll(() => ensureRunning(inject("cluster")), 180_000);

describe("readiness", () => {
  it("answers 200 with every check passing, and liveness stays a plain 200", async () => {
    for (const base of inject("instanceUrls")) {
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ok: true,
        checks: { shutdown: "ok", database: "ok", migrations: "ok", bus: "ok" },
        failing: [],
      });
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    }
  });
});

describe("GET /metrics", () => {
  it("refuses a scraper without the token, and its text passes promtool check metrics", async () => {
    const refused = await fetch(`${instance(0)}/metrics`);
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([401, "unauthorized"]);
    const wrong = await fetch(`${instance(0)}/metrics`, { headers: { authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.status).toBe(401);
    await wrong.arrayBuffer();

    // a request naming an exchange, and a payout link's token: neither may become a label
    const session = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: instance(0) });
    const exchangeId = randomUUID();
    expect((await session.request("GET", `/api/exchanges/${exchangeId}`)).status).toBe(404);
    const token = `tok${randomUUID().replace(/-/g, "")}`;
    await (await fetch(`${instance(0)}/api/pay/${token}`)).arrayBuffer();
    await webhook(instance(0));

    const text = await metricsOf(instance(0));
    const checked = spawnSync(tool("promtool"), ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds_bucket",
      "dashboard_webhooks_received_total",
      "dashboard_webhooks_duplicated_total",
      "dashboard_webhook_to_stream_seconds_bucket",
      "dashboard_event_streams_open",
      "dashboard_bus_connected",
      "dashboard_bus_reconnects_total",
      "dashboard_ready",
      "dashboard_refresh_queue_depth",
      "dashboard_refresh_failures_total",
      "dashboard_refresh_retries_total",
      "sandbox_outbox_pending",
      "sandbox_outbox_failed",
      "dashboard_db_pool_connections",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, "m"));
    }
    expect(text).toContain('http_requests_total{route="/api/exchanges/[id]",method="GET",status="404"}');
    expect(text).toContain('route="/api/pay/[token]"');
    expect(text).toMatch(/^dashboard_bus_connected 1$/m);
    // no id, token or address of anyone in any label
    expect(text).not.toContain(exchangeId);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(text).not.toContain("affiliate@example.com");
  });

  it("a real Prometheus server scrapes both instances: the webhooks received are the ones sent", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "prometheus-"));
    const port = await freePort();
    writeFileSync(path.join(dir, "token"), inject("metricsToken"));
    // the documented scrape configuration, with this run's instances, token file and pace
    const config = readFileSync(path.join(root, "deploy/prometheus/prometheus.yml"), "utf8")
      .replace(/scrape_interval: 15s/, "scrape_interval: 1s")
      .replace("/etc/prometheus/dashboard-metrics-token", path.join(dir, "token"))
      .replace(
        /targets: \[.*\]/,
        `targets: [${inject("instancePorts")
          .map((p) => `"127.0.0.1:${p}"`)
          .join(", ")}]`,
      );
    writeFileSync(path.join(dir, "prometheus.yml"), config);
    writeFileSync(path.join(dir, "alerts.yml"), readFileSync(path.join(root, "deploy/prometheus/alerts.yml")));
    const rules = spawnSync(tool("promtool"), ["check", "rules", path.join(root, "deploy/prometheus/alerts.yml")], { encoding: "utf8" });
    expect(rules.status, `${rules.stdout}${rules.stderr}`).toBe(0);
    // the rules fire when they should (tests/cluster/alerts-test.yml: the exchange service failing)
    const fired = spawnSync(tool("promtool"), ["test", "rules", "alerts-test.yml"], { cwd: import.meta.dirname, encoding: "utf8" });
    expect(fired.status, `${fired.stdout}${fired.stderr}`).toBe(0);
    const server = spawn(
      tool("prometheus"),
      [
        `--config.file=${path.join(dir, "prometheus.yml")}`,
        `--storage.tsdb.path=${path.join(dir, "data")}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: "ignore" },
    );
    const query = async (expr: string): Promise<number | null> => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expr)}`);
        const body = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
        const value = body.data?.result?.[0]?.value[1];
        return value === undefined ? null : Number(value);
      } catch {
        return null;
      }
    };
    try {
      // both instances scraped, then a known number of webhooks to each
      await expect.poll(() => query('count(up{job="dashboard"} == 1)'), { timeout: 30_000, interval: 250 }).toBe(2);
      const received = 'sum(dashboard_webhooks_received_total{job="dashboard"})';
      await expect.poll(() => query(received), { timeout: 10_000, interval: 250 }).not.toBeNull();
      const before = (await query(received)) ?? 0;
      // the counter stands still between two scrapes before the count starts
      await new Promise((r) => setTimeout(r, 2_500));
      const settled = (await query(received)) ?? 0;
      for (let i = 0; i < 7; i++) await webhook(instance(0));
      for (let i = 0; i < 5; i++) await webhook(instance(1));
      await expect.poll(() => query(received), { timeout: 15_000, interval: 250 }).toBe(settled + 12);
      console.log(`Prometheus: webhooks received went from ${before} (${settled} settled) to ${settled + 12} over both instances`);
      expect(await query('sum(dashboard_bus_connected{job="dashboard"})')).toBe(2);
      expect(await query('sum(dashboard_ready{job="dashboard"})')).toBe(2);
    } finally {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("logs", () => {
  it("are JSON lines: the request id a proxy sent (returned too), route template, status, duration, tenant, user", async () => {
    const session = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: instance(1) });
    const requestId = `proxy-${randomUUID()}`;
    const reply = await session.request("GET", "/api/orders?limit=1", undefined, { "x-request-id": requestId });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-request-id")).toBe(requestId);
    const generated = await fetch(`${instance(1)}/api/health`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const lineOf = () =>
      readFileSync(logFile(inject("cluster"), 1), "utf8")
        .split("\n")
        .find((l) => l.includes(requestId) && l.includes('"request answered"'));
    await expect.poll(lineOf, { timeout: 5_000 }).toBeDefined();
    const line = JSON.parse(lineOf() ?? "{}") as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "info",
      msg: "request answered",
      request_id: requestId,
      method: "GET",
      route: "/api/orders",
      status: 200,
    });
    expect(typeof line.time).toBe("string");
    expect(typeof line.duration_ms).toBe("number");
    expect(line.tenant_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.user_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
