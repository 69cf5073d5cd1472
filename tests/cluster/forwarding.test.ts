import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { ensureRunning } from "./instances";
import { DashboardSession } from "../integration/harness/dashboard";
import { eventBody } from "../integration/harness/events";
import { Receiver } from "../integration/harness/receiver";
import { balancer, sign } from "./urls";

// Forwarding from two instances on one PostgreSQL: both store webhooks and both run the job
// queue, claiming deliveries in the database. Every event reaches the affiliate's endpoint once.

const instances = () => inject("instanceUrls");

let receiver: Receiver;
beforeAll(async () => {
  await ensureRunning(inject("cluster"));
  receiver = await Receiver.start();
}, 180_000);
afterAll(() => receiver.close());

describe("forwarding over two instances", () => {
  it("300 events sent to both instances arrive at the endpoint exactly once each, none sent twice", async () => {
    const admin = await DashboardSession.signIn("affiliate@example.com", undefined, { baseUrl: balancer() });
    const created = await admin.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/cluster` });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    const bodies = Array.from({ length: 300 }, () => eventBody("exchange.settled"));
    const started = Date.now();
    // 8 senders, each event to one instance or the other
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < bodies.length) {
          const i = next++;
          const body = bodies[i] ?? "";
          const response = await fetch(`${instances()[i % 2]}/webhook`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-signature-256": sign(body), "x-correlation-id": randomUUID() },
            body,
          });
          await response.arrayBuffer();
          expect(response.status).toBe(200);
        }
      }),
    );
    const ingested = (Date.now() - started) / 1000;
    await receiver.until(() => receiver.on("/cluster").length >= 300, 60_000, "300 forwarded events");
    const forwarded = (Date.now() - started) / 1000;
    // a moment for any second copy to show up
    await new Promise((r) => setTimeout(r, 2_000));
    const received = receiver.on("/cluster");
    const ids = received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(300);
    expect(received).toHaveLength(300);
    expect(new Set(received.map((r) => r.body))).toEqual(new Set(bodies));
    const verifier = new Webhook(secret);
    for (const r of received) verifier.verify(r.body, r.headers);

    // both instances sent some, and the database holds one attempt per delivery
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    try {
      const attempts = await db.query<{ n: number; jobs: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT job_id)::int AS jobs FROM forwarding_attempts WHERE endpoint_id = $1",
        [id],
      );
      expect(attempts.rows[0]).toEqual({ n: 300, jobs: 300 });
    } finally {
      await db.end();
    }
    // each instance's own count of what it delivered: both took part
    const delivered = await Promise.all(
      instances().map(async (url) => {
        const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${inject("metricsToken")}` } })).text();
        return Number(/^dashboard_forwarding_attempts_total\{result="delivered"\} (\d+)/m.exec(text)?.[1] ?? 0);
      }),
    );
    expect(delivered.every((n) => n > 0)).toBe(true);
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(300);
    console.log(
      `forwarding over two instances: 300 events ingested in ${ingested.toFixed(1)} s, ` +
        `all forwarded once within ${forwarded.toFixed(1)} s; sent by each instance: ${delivered.join(" and ")}`,
    );
    await admin.request("DELETE", `/api/forwarding/endpoints/${id}`, undefined, { origin: balancer() });
  }, 120_000);
});
