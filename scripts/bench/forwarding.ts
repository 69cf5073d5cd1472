// Section 7 of npm run bench: forwarding every stored webhook to the affiliate's endpoint.
import { createServer } from "node:http";
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { INGEST_CONCURRENCY, secrets, send, verdict } from "./common";
import { ingest, signedEvents } from "./ingest";

const FORWARD_EVENTS = Number(process.env.BENCH_FORWARD_EVENTS ?? 2000);

/**
 * One instance forwarding every stored webhook to one endpoint (a local receiver answering 200 at
 * once): the ingest rate with no endpoint and with one, and the rate at which forwarded webhooks
 * reach the receiver, measured in the same run, from the first webhook sent to the last one
 * forwarded.
 */
export async function forwardingBench(app: RunningApp, cookie: string) {
  const ids = new Set<string>();
  let copies = 0;
  let lastAt = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (ids.has(id)) copies++;
      ids.add(id);
      lastAt = performance.now();
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const baseline = await ingest(`${app.baseUrl}/webhook`, signedEvents(FORWARD_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const created = await send(`${app.baseUrl}/api/forwarding/endpoints`, {
      method: "POST",
      headers: { cookie, origin: app.baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/bench` }),
    });
    if (created.status !== 201) throw new Error(`endpoint → ${created.status} ${created.body}`);
    const started = performance.now();
    const withEndpoint = await ingest(`${app.baseUrl}/webhook`, signedEvents(FORWARD_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const ingestedAt = performance.now();
    const deadline = Date.now() + 300_000;
    while (ids.size < FORWARD_EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const forwardRate = ids.size / ((lastAt - started) / 1000);
    const lag = (lastAt - ingestedAt) / 1000;
    console.log(`\n7. forwarding: ${FORWARD_EVENTS} webhooks at ${INGEST_CONCURRENCY} in flight, one instance, one endpoint`);
    console.log(`   ingest, no endpoint            ${baseline.toFixed(0)} events/s`);
    console.log(
      `   ingest, one endpoint           ${withEndpoint.toFixed(0)} events/s   ratio ${(withEndpoint / baseline).toFixed(2)}   ` +
        `target ≥ 0.8 (queueing a job per event costs little): ${verdict(withEndpoint / baseline >= 0.8)}`,
    );
    console.log(
      `   forwarded                      ${forwardRate.toFixed(0)} events/s   ` +
        `ratio to ingest ${(forwardRate / withEndpoint).toFixed(2)}   target ≥ 0.5: ${verdict(forwardRate / withEndpoint >= 0.5)}`,
    );
    console.log(
      `   ${ids.size} of ${FORWARD_EVENTS} arrived, ${copies} twice; the last ${lag.toFixed(1)} s after the last webhook was stored`,
    );
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}
