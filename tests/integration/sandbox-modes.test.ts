import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { errorCode, http, OperatorApi, sandboxUrl } from "./harness/api";
import { z } from "zod";
import { removeDir, startApp } from "./harness/app-server";
import { coinOrder, WEBHOOK_SECRET } from "./harness/fixtures";
import { startReceiver } from "./harness/webhook-receiver";

describe("GET /sandbox/openapi.json", () => {
  it("is OpenAPI 3.1 with every v1 path and the four webhook events", async () => {
    const reply = await http("GET", `${sandboxUrl()}/openapi.json`);
    const doc = z
      .object({
        openapi: z.string(),
        paths: z.record(z.string(), z.unknown()),
        webhooks: z.record(z.string(), z.unknown()),
        components: z.object({ schemas: z.record(z.string(), z.looseObject({ type: z.string().optional() })) }),
      })
      .parse(reply.body);
    expect(doc.openapi).toBe("3.1.0");
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith("/v1/"))
        .sort(),
    ).toEqual(["/v1/challenges", "/v1/challenges/{id}", "/v1/exchanges/{id}", "/v1/orders", "/v1/orders/{id}"]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      "exchange.executed",
      "exchange.interrupted",
      "exchange.refunded",
      "exchange.settled",
    ]);
    expect(doc.components.schemas.Order?.type).toBe("object");
  });
});

describe("rate limiting, and the delivery worker woken by a commit", () => {
  it("a client above SANDBOX_RATE_LIMIT gets 429 rate_limited; other clients are unaffected", async () => {
    const operatorKey = `sk_op_rate_${randomBytes(8).toString("hex")}`;
    // the worker's own tick is a minute away: only the wake after a commit delivers within 5 s
    const app = await startApp({ operatorKey, env: { SANDBOX_RATE_LIMIT: "5", SANDBOX_WORKER_INTERVAL_MS: "60000" } });
    const receiver = await startReceiver();
    try {
      const op = new OperatorApi(operatorKey, app.sandboxUrl);
      const noisy = await op.createClient("Noisy");
      const quiet = await op.createClient("Quiet");
      const replies = await Promise.all(Array.from({ length: 60 }, () => noisy.api.request("POST", "/v1/challenges", {})));
      const limited = replies.filter((r) => r.status === 429);
      // a burst of 25 (5 s at 5/s) and a few refilled tokens get through
      expect(limited.length).toBeGreaterThanOrEqual(25);
      expect(limited.map(errorCode)).toEqual(limited.map(() => "rate_limited"));
      expect(replies.every((r) => r.status === 201 || r.status === 429)).toBe(true);
      expect((await quiet.api.request("POST", "/v1/challenges", {})).status).toBe(201);

      // with no proxy trusted (TRUSTED_PROXY_HOPS unset), a made-up X-Forwarded-For per request
      // is no way around the public pages' per-address limit (bursts of 60, 10 a second after):
      // however slow the machine, no more get through than one bucket allows in the time taken,
      // where a bucket per made-up address would let all 200 through
      const started = Date.now();
      const spoofed = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          http("GET", `${app.baseUrl}/api/pay/AAAAAAAAAAAAAAAAAAAAAA`, { headers: { "x-forwarded-for": `6.6.${i}.6` } }).then(
            (r) => r.status,
          ),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const through = spoofed.filter((s) => s !== 429).length;
      expect(through).toBeLessThanOrEqual(60 + Math.ceil(seconds * 10) + 1);
      expect(through).toBeLessThan(200);

      // the start-up banner names the secrets it was given, and shows only those it generated
      expect(app.output()).not.toContain(operatorKey);
      expect(app.output()).toContain("Operator key     (set by SANDBOX_OPERATOR_KEY)");
      expect(app.output()).toMatch(/Demo password {4}\S{16}/);

      // a payment's webhook leaves once its transaction has committed, not at the next tick
      const paid = await op.createClient("Paid", [{ url: receiver.url, secret: WEBHOOK_SECRET }]);
      const { order } = await coinOrder(paid.api);
      const { exchange_id } = await op.pay({ order_id: order.id, amount: 100, currency: "eur" });
      const delivered = await receiver.waitFor((r) => r.body.includes(exchange_id), 5_000);
      expect(JSON.parse(delivered.body)).toMatchObject({ event: "exchange.executed", payload: { exchange_id } });
    } finally {
      await app.stop();
      await receiver.close();
      removeDir(app.dataDir);
    }
  });
});

describe("SANDBOX_ENABLED=false", () => {
  it("answers 404 everywhere under /sandbox", async () => {
    const app = await startApp({
      operatorKey: `sk_op_off_${randomBytes(8).toString("hex")}`,
      env: {
        EXCHANGE_API_BASE_URL: "http://127.0.0.1:9/sandbox",
        SANDBOX_ENABLED: "false",
        APP_URL: "https://dashboard.example.com",
        AUTH_SECRET: randomBytes(32).toString("hex"),
        APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        // and readable log lines, for a terminal
        LOG_FORMAT: "pretty",
      },
      readyPath: "/",
    });
    try {
      for (const [method, path] of [
        ["POST", "/v1/challenges"],
        ["GET", "/openapi.json"],
        ["POST", "/operator/clock"],
        ["GET", "/lnurl/withdraw/" + "0".repeat(64)],
      ]) {
        const reply = await http(method ?? "GET", `${app.sandboxUrl}${path}`, { body: method === "POST" ? {} : undefined });
        expect(reply.status, `${method} ${path}`).toBe(404);
      }
      expect(app.output()).not.toContain("Operator key");
      // LOG_FORMAT=pretty: one readable line each, "[12:00:00.000] INFO: server: request answered {…}"
      expect(app.output()).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: server: request answered \{"request_id":/m);
      expect(app.output()).not.toContain('"msg":');
    } finally {
      await app.stop();
      removeDir(app.dataDir);
    }
  });

  it("in production without AUTH_SECRET and APP_ENCRYPTION_KEY the server names them and exits", async () => {
    const start = startApp({
      operatorKey: "sk_op_unused_000000000000",
      env: { EXCHANGE_API_BASE_URL: "http://127.0.0.1:9/sandbox", SANDBOX_ENABLED: "false" },
      readyPath: "/",
    });
    await expect(start).rejects.toThrow(
      /app exited \(1\)[\s\S]*Cannot start: Missing required secrets in production: AUTH_SECRET, APP_ENCRYPTION_KEY/,
    );
  });
});
