// Section 3 of npm run bench: webhook → SSE latency and memory with many subscribers, and the
// fan-out rate other sections measure through nginx.
import { request as httpRequest } from "node:http";
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { memoryKb, ms, percentile, secrets, send, SSE_EVENTS, SUBSCRIBERS, verdict, WARM_UP_SUBSCRIBERS } from "./common";
import { refreshesLogged, signedEvents } from "./ingest";

type Subscriber = { received: Map<string, number>; close: () => void; ready: Promise<void> };

export function subscribe(url: string, cookie: string): Subscriber {
  const received = new Map<string, number>();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const req = httpRequest(url, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.includes(": connected")) markReady();
        const marker = /"exchange_id":"([0-9a-f-]{36})"/.exec(frame);
        if (frame.includes("event: webhook") && marker?.[1]) received.set(marker[1], performance.now());
      }
    });
  });
  req.on("error", () => undefined);
  req.end();
  return { received, ready, close: () => req.destroy() };
}

/** Deliveries per second: `count` streams at `baseUrl`, `events` webhooks sent through it 8 at a time. */
export async function fanOut(baseUrl: string, cookie: string, count: number, events: number) {
  const subscribers = Array.from({ length: count }, () => subscribe(`${baseUrl}/api/events`, cookie));
  await Promise.all(subscribers.map((s) => s.ready));
  const bodies = signedEvents(events, secrets.SANDBOX_DEMO_WEBHOOK_SECRET);
  const ids = bodies.map((e) => (JSON.parse(e.body) as { payload: { exchange_id: string } }).payload.exchange_id);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < bodies.length) {
        const event = bodies[next++];
        if (!event) break;
        await send(`${baseUrl}/webhook`, {
          method: "POST",
          body: event.body,
          headers: { "content-type": "application/json", "x-signature-256": event.signature },
        });
      }
    }),
  );
  const complete = () => subscribers.every((s) => ids.every((id) => s.received.has(id)));
  const deadline = performance.now() + 20_000;
  while (!complete() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  let delivered = 0;
  let last = started;
  for (const s of subscribers)
    for (const id of ids) {
      const at = s.received.get(id);
      if (at === undefined) continue;
      delivered++;
      last = Math.max(last, at);
    }
  for (const s of subscribers) s.close();
  return { rate: delivered / ((last - started) / 1000), missing: count * events - delivered };
}

export async function sseLatency(app: RunningApp, cookie: string, count = SUBSCRIBERS, warmUpCount = WARM_UP_SUBSCRIBERS) {
  // the first connections pay one-time costs (code paths compiled, pools grown): memory per
  // subscriber is the growth over the next `count` connections
  const warmUp = Array.from({ length: warmUpCount }, () => subscribe(`${app.baseUrl}/api/events`, cookie));
  await Promise.all(warmUp.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 2_000));
  const before = await memoryKb(app);
  const measured = Array.from({ length: count }, () => subscribe(`${app.baseUrl}/api/events`, cookie));
  await Promise.all(measured.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await memoryKb(app);
  const subscribers = [...warmUp, ...measured];
  const events = signedEvents(SSE_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET);
  const sentAt = new Map<string, number>();
  for (const event of events) {
    const exchangeId = (JSON.parse(event.body) as { payload: { exchange_id: string } }).payload.exchange_id;
    sentAt.set(exchangeId, performance.now());
    await send(`${app.baseUrl}/webhook`, {
      method: "POST",
      body: event.body,
      headers: { "content-type": "application/json", "x-signature-256": event.signature },
    });
    await new Promise((r) => setTimeout(r, 40));
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const latencies: number[] = [];
  let missing = 0;
  for (const s of subscribers) {
    for (const [id, sent] of sentAt) {
      const got = s.received.get(id);
      if (got === undefined) missing++;
      else latencies.push(got - sent);
    }
  }
  for (const s of subscribers) s.close();
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    heapPerSubscriberKb: (after.heap - before.heap) / count,
    rssPerSubscriberKb: (after.rss - before.rss) / count,
    missing,
    samples: latencies.length,
  };
}

/** `ingested`: webhooks section 2 sent before, whose snapshot refreshes must be over first. */
export async function fanOutSection(app: RunningApp, cookie: string, ingested: number) {
  // each ingested event names an exchange the sandbox does not know: its snapshot refresh ends
  // in a logged 404. Section 3 starts once every one has, not while they still load the server.
  await refreshesLogged(app, ingested);
  // the same webhooks to 10 subscribers, then to SUBSCRIBERS + the warm-up: what the 1 000 cost each one
  const few = await sseLatency(app, cookie, 10, 0);
  await new Promise((r) => setTimeout(r, 1_000));
  const sse = await sseLatency(app, cookie);
  console.log(
    `\n3. webhook → SSE with ${SUBSCRIBERS + WARM_UP_SUBSCRIBERS} subscribers, ${SSE_EVENTS} events ` +
      `(${sse.samples} deliveries, ${sse.missing} missing)`,
  );
  console.log(`   10 subscribers:  p50 ${ms(few.p50)}  p99 ${ms(few.p99)}  (${few.samples} deliveries, ${few.missing} missing)`);
  console.log(`   latency p50 ${ms(sse.p50)}  p99 ${ms(sse.p99)}   target p99 < 100 ms: ${verdict(sse.p99 < 100)}`);
  const fanRatio = sse.p99 / few.p99;
  console.log(
    `   p99 with ${SUBSCRIBERS + WARM_UP_SUBSCRIBERS} against 10: ${fanRatio.toFixed(2)}   target ≤ 2: ${verdict(fanRatio <= 2)}`,
  );
  console.log(`   memory per subscriber, growth over ${SUBSCRIBERS} after ${WARM_UP_SUBSCRIBERS} warm-up, after full GC:`);
  console.log(
    `     JS heap + external ${sse.heapPerSubscriberKb.toFixed(1)} KB   target < 40 KB: ${verdict(sse.heapPerSubscriberKb < 40)}`,
  );
  console.log(
    `     (RSS moved ${sse.rssPerSubscriberKb.toFixed(1)} KB per subscriber: ` +
      "a full GC hands pages back, so RSS is no per-subscriber measure)",
  );
}
