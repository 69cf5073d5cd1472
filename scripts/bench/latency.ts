// Section 1 of npm run bench: the proxy's latency against the direct call to the sandbox, and the
// floor of an empty Next.js route.
import type { RunningApp } from "../../tests/integration/harness/app-server";
import { INGEST_CONCURRENCY, INGEST_EVENTS, LATENCY_SAMPLES, ms, percentile, secrets, send, timed, verdict } from "./common";

/** Interleaved sequential GETs: direct sandbox, proxy (snapshot cache), proxy forced upstream, an empty route. */
async function proxyLatency(app: RunningApp, ctx: { cookie: string; exchangeId: string }) {
  const direct = { authorization: `client_id ${secrets.SANDBOX_DEMO_CLIENT_ID}` };
  const proxied = { cookie: ctx.cookie };
  const forced = { cookie: ctx.cookie, "cache-control": "no-cache" };
  const directUrl = `${app.sandboxUrl}/v1/exchanges/${ctx.exchangeId}`;
  const proxyUrl = `${app.baseUrl}/api/exchanges/${ctx.exchangeId}`;
  const emptyUrl = `${app.baseUrl}/api/health`;
  for (let i = 0; i < 100; i++) {
    await timed(directUrl, direct);
    await timed(proxyUrl, proxied);
    await timed(proxyUrl, forced);
    await timed(emptyUrl, {});
  }
  const samples = { direct: [] as number[], proxy: [] as number[], upstream: [] as number[], empty: [] as number[] };
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    samples.direct.push(await timed(directUrl, direct));
    samples.proxy.push(await timed(proxyUrl, proxied));
    samples.upstream.push(await timed(proxyUrl, forced));
    samples.empty.push(await timed(emptyUrl, {}));
  }
  const summary = (v: number[]) => ({ p50: percentile(v, 50), p99: percentile(v, 99) });
  return {
    direct: summary(samples.direct),
    proxy: summary(samples.proxy),
    upstream: summary(samples.upstream),
    empty: summary(samples.empty),
  };
}

/** Requests per second of an empty Next.js route handler: the framework's own floor here. */
export async function nextFloor(app: RunningApp): Promise<number> {
  const url = `${app.baseUrl}/api/health`;
  for (let i = 0; i < 300; i++) await send(url);
  let next = 0;
  const count = INGEST_EVENTS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next++ < count) await send(url);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export async function latencySection(app: RunningApp, ctx: { cookie: string; exchangeId: string }) {
  const latency = await proxyLatency(app, ctx);
  const ratio = (a: { p50: number; p99: number }) =>
    `p50 ${(a.p50 / latency.direct.p50).toFixed(2)}  p99 ${(a.p99 / latency.direct.p99).toFixed(2)}`;
  console.log(
    "\n1. GET /api/exchanges/{id} (proxy) vs GET /sandbox/v1/exchanges/{id} (direct), sequential, " +
      LATENCY_SAMPLES +
      " each, interleaved",
  );
  console.log(`   direct                      p50 ${ms(latency.direct.p50)}  p99 ${ms(latency.direct.p99)}`);
  console.log(`   proxy (snapshot ≤ 2 s old)  p50 ${ms(latency.proxy.p50)}  p99 ${ms(latency.proxy.p99)}   ratio ${ratio(latency.proxy)}`);
  console.log(
    `   proxy (no-cache: upstream)  p50 ${ms(latency.upstream.p50)}  p99 ${ms(latency.upstream.p99)}   ratio ${ratio(latency.upstream)}`,
  );
  const proxyRatio = Math.max(latency.proxy.p50 / latency.direct.p50, latency.proxy.p99 / latency.direct.p99);
  console.log(`   target ratio ≤ 1.3 (default path, p50 and p99): ${verdict(proxyRatio <= 1.3)}`);
  const forcedRatio = Math.max(latency.upstream.p50 / latency.direct.p50, latency.upstream.p99 / latency.direct.p99);
  console.log(`   target ratio ≤ 1.3 (no-cache, forced upstream, p50 and p99): ${verdict(forcedRatio <= 1.3)}`);
  // the proxy forced upstream is the direct call plus one more Next.js route in front of it
  const least = (q: "p50" | "p99") => ((latency.direct[q] + latency.empty[q]) / latency.direct[q]).toFixed(2);
  console.log(
    `   empty Next.js route (GET /api/health)  p50 ${ms(latency.empty.p50)}  p99 ${ms(latency.empty.p99)}: ` +
      `a proxy over HTTP costs the direct call plus at least that, ratio p50 ${least("p50")}  p99 ${least("p99")} ` +
      "before any work of its own",
  );
}
