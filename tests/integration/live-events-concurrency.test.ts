import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createHmac, randomUUID } from "node:crypto";
import { startApp, type RunningApp } from "./harness/app-server";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";
import { openSse, type SseFrame } from "./harness/sse";

// The scenario that lost live events: 600 signed webhooks with 32 in flight to instance A, 20
// subscribers of GET /api/events on instance B (on PostgreSQL a second process on the same
// database; on PGlite, which one process holds, A and B are the same instance).

const EVENTS = 600;
const IN_FLIGHT = 32;
const SUBSCRIBERS = 20;

let second: RunningApp | null = null;
let ingestUrl: string;
let streamUrl: string;

beforeAll(async () => {
  ingestUrl = inject("baseUrl");
  streamUrl = ingestUrl;
  const databaseUrl = inject("databaseUrl");
  if (!databaseUrl) return;
  second = await startApp({
    operatorKey: inject("operatorKey"),
    databaseUrl,
    dataDir: inject("dataDir"),
    env: {
      DEMO_PASSWORD: inject("demoPassword"),
      SANDBOX_DEMO_WEBHOOK_SECRET: inject("webhookSecret"),
      SANDBOX_DEMO_CLIENT_ID: inject("demoClientId"),
      TRUSTED_PROXY_HOPS: "1",
    },
  });
  streamUrl = second.baseUrl;
});

afterAll(async () => {
  await second?.stop();
});

const sign = (body: string) => `sha256=${createHmac("sha256", inject("webhookSecret")).update(body).digest("hex")}`;

/** POSTs every body to /webhook, `inFlight` at a time; every one must be stored (200). */
async function sendAll(bodies: string[], inFlight: number) {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++] as string;
      const response = await fetch(`${ingestUrl}/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature-256": sign(body),
          "x-correlation-id": randomUUID(),
          "x-retry-count": "0",
        },
        body,
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

const exchangeOf = (frame: SseFrame) => (JSON.parse(frame.data ?? "{}") as { exchange_id?: string }).exchange_id ?? "";
const webhookFrames = (frames: SseFrame[], wanted: Set<string>) => frames.filter((f) => f.event === "webhook" && wanted.has(exchangeOf(f)));

describe("live events under concurrent webhooks", () => {
  const title =
    "every subscriber gets every stored event exactly once, in cursor order; " +
    `a reconnect with Last-Event-ID gets exactly what it missed (${EVENTS} webhooks, ${IN_FLIGHT} in flight)`;
  it(
    title,
    async () => {
      // ten streams per user at most: the subscribers are spread over three users
      const sessions = await Promise.all(
        ["affiliate@example.com", "viewer@example.com", "operator@example.com"].map((email) =>
          DashboardSession.signIn(email, inject("demoPassword"), { baseUrl: streamUrl }),
        ),
      );
      const streams = await Promise.all(
        Array.from({ length: SUBSCRIBERS }, (_, i) =>
          openSse(`${streamUrl}/api/events`, { cookie: (sessions[i % sessions.length] as DashboardSession).cookieHeader }),
        ),
      );
      await Promise.all(streams.map((s) => s.waitFor((f) => f.comment === "connected")));

      const bodies = Array.from({ length: EVENTS }, () => eventBody("exchange.refunded"));
      const wanted = new Set(bodies.map((b) => (JSON.parse(b) as { payload: { exchange_id: string } }).payload.exchange_id));

      // one more subscriber drops after a third of the events and comes back with Last-Event-ID
      const dropping = await openSse(`${streamUrl}/api/events`, { cookie: (sessions[0] as DashboardSession).cookieHeader });
      await dropping.waitFor((f) => f.comment === "connected");
      const sending = sendAll(bodies, IN_FLIGHT);
      await dropping.waitFor(() => webhookFrames(dropping.frames, wanted).length >= EVENTS / 3, 60_000);
      await dropping.close();
      const before = webhookFrames(dropping.frames, wanted);
      await sending;

      const resumed = await openSse(`${streamUrl}/api/events`, {
        cookie: (sessions[0] as DashboardSession).cookieHeader,
        "last-event-id": before.at(-1)?.id ?? "",
      });
      const everyone = [...streams, resumed];
      await Promise.all(
        everyone.map((s) =>
          s
            .waitFor(() => webhookFrames(s.frames, wanted).length + (s === resumed ? before.length : 0) >= EVENTS, 60_000)
            .catch(() => undefined),
        ),
      );

      const report = (frames: SseFrame[]) => {
        const seen = frames.map(exchangeOf);
        const ids = frames.map((f) => Number(f.id));
        return {
          missing: [...wanted].filter((id) => !seen.includes(id)).length,
          duplicates: seen.length - new Set(seen).size,
          ordered: ids.every((id, i) => i === 0 || id > (ids[i - 1] as number)),
        };
      };
      const reports = streams.map((s) => report(webhookFrames(s.frames, wanted)));
      expect(reports).toEqual(streams.map(() => ({ missing: 0, duplicates: 0, ordered: true })));
      expect(report([...before, ...webhookFrames(resumed.frames, wanted)])).toEqual({ missing: 0, duplicates: 0, ordered: true });
      await Promise.all(everyone.map((s) => s.close()));
    },
    180_000,
  );
});
