import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { scenarioRunSchema, type Scenario } from "@/lib/dashboard/contract/scenarios-api";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { http, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { openSse } from "./harness/sse";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// The job queue all tenants share, made fair (docs/architecture.md#background-jobs), on an app
// of this file's own: a tenant runs at most three scenario runs at once (one more is 429); a
// run's wait for a webhook holds no place of the queue; and a tenant whose jobs fill its share
// of places (24 forwards at once to an endpoint that holds each answer 10 s) delays another
// tenant's run by nothing: it starts within 2 s.

const password = "queue-demo-password";
const operatorKey = `sk_op_queue_${randomBytes(8).toString("hex")}`;
let app: RunningApp;
let a: Fixture;
let b: Fixture;
let keyA: string;
let slow: Server;
const held: (() => void)[] = [];
/** Forwards the endpoint holds at once, and the most it held. */
const inFlight = { now: 0, most: 0 };

beforeAll(async () => {
  // an endpoint that answers each forwarded webhook after 10 s (or when the file ends)
  slow = createServer((req, res) => {
    req.resume();
    inFlight.most = Math.max(inFlight.most, ++inFlight.now);
    let answered = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      inFlight.now--;
      res.writeHead(200).end();
    };
    held.push(answer);
    setTimeout(answer, 10_000).unref();
  });
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  const databaseUrl = inject("databaseUrl");
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `queue_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startApp({ operatorKey, databaseUrl: scratch, env: { DEMO_PASSWORD: password, FORWARDING_ALLOW_PRIVATE: "true" } });
  const on = { baseUrl: app.baseUrl, operatorKey, password };
  [a, b] = [await tenantWithAdmin(on), await tenantWithAdmin(on)];
  keyA = parse(
    apiKeyCreatedSchema,
    await a.admin.request("POST", "/api/settings/api-keys", { name: "queue filler", scopes: ["read", "write"] }),
    201,
  ).key;
}, 180_000);

afterAll(async () => {
  for (const answer of held) answer();
  await app?.stop();
  if (app && !inject("databaseUrl")) removeDir(app.dataDir);
  await new Promise((resolve) => slow?.close(resolve));
});

/** A run that pays and then waits 45 s for a refund that never comes. */
const waiting: Scenario = {
  name: "waits-long",
  description: "waits for a webhook that does not come",
  steps: [
    { name: "order", kind: "create_order", payout: "onchain", currency: "eur" },
    { name: "pay", kind: "pay", amount: 40, currency: "eur" },
    { name: "refunded", kind: "wait_for_event", event: "exchange.refunded", timeout_seconds: 45 },
  ],
};

describe("one tenant's work does not hold up another's", () => {
  it("forty runs from one key in a burst: three run, the others are 429 naming the limit", async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        http("POST", `${app.baseUrl}/api/sandbox/scenarios/custom/runs`, {
          body: { document: waiting },
          headers: { authorization: `Bearer ${keyA}` },
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 429));
    expect(errorBodySchema.parse(refused[0]?.body).details?.[0]).toMatchObject({ path: "scenario", maximum: 3 });
    expect(refused[0]?.headers.get("retry-after")).toBe("5");
  });

  it("with tenant A's runs waiting and sixty of its forwards held 10 s each, tenant B's run starts within 2 s", async () => {
    // A's forwarding endpoint, and sixty webhooks for it: far more forwards than A's share of places
    const endpoint = await a.admin.request("POST", "/api/forwarding/endpoints", {
      url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
    });
    expect(endpoint.status).toBe(201);
    const webhook = `${app.baseUrl}${new URL(a.webhookUrl).pathname}`;
    for (let i = 0; i < 60; i++) {
      const raw = JSON.stringify({ event: "exchange.executed", payload: { exchange_id: randomUUID(), order_id: randomUUID() } });
      const stored = await http("POST", webhook, {
        raw,
        headers: { "content-type": "application/json", "x-signature-256": signBody(raw, a.secret) },
      });
      expect(stored.status).toBe(200);
    }
    await expect.poll(() => held.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(24);

    const stream = await openSse(`${app.baseUrl}/api/events`, { cookie: b.admin.cookieHeader });
    try {
      await stream.waitFor((frame) => frame.comment === "connected");
      const sent = Date.now();
      const run = parse(
        scenarioRunSchema,
        await b.admin.request("POST", "/api/sandbox/scenarios/custom/runs", {
          document: {
            name: "quick",
            description: "one order",
            steps: [{ name: "order", kind: "create_order", payout: "onchain", currency: "eur" }],
          },
        }),
        201,
      );
      // the run's first step under way (or done) reaches B's stream
      const frame = await stream.waitFor((f) => f.event === "scenario_run" && (f.data ?? "").includes(run.id), 10_000);
      expect(frame.at - sent).toBeLessThan(2_000);
    } finally {
      await stream.close();
    }
    // and A's share of places was full meanwhile: its forwards waited at its endpoint, 24 at once and no more
    expect(inFlight.most).toBe(24);
  });
});
