// Section 9 of npm run bench: the request log's cost (docs/request-logs.md). A second instance of
// the same build runs with REQUEST_LOG=off on a database of its own (of the same kind: a scratch
// PostgreSQL database when the main one is PostgreSQL, else PGlite); the proxy's latency forced
// upstream (one upstream call and one sandbox request recorded per GET) and the sandbox's
// throughput (one row per request) are measured on both, interleaved, in one run.
import { rmSync } from "node:fs";
import { startApp, type RunningApp } from "../../tests/integration/harness/app-server";
import {
  dropDatabase,
  INGEST_CONCURRENCY,
  INGEST_EVENTS,
  LATENCY_SAMPLES,
  ms,
  operatorKey,
  percentile,
  postgresUrl,
  secrets,
  send,
  setup,
  timed,
  verdict,
} from "./common";

type Target = { app: RunningApp; cookie: string; exchangeId: string };

/** Short rounds of the throughput, on and off alternately: what else the machine does falls on both alike. */
const ROUNDS = 10;

/** Requests per second of the sandbox's GET /v1/exchanges/{id}, INGEST_CONCURRENCY at a time. */
async function sandboxThroughput(t: Target, requests: number): Promise<number> {
  const url = `${t.app.sandboxUrl}/v1/exchanges/${t.exchangeId}`;
  const headers = { authorization: `client_id ${secrets.SANDBOX_DEMO_CLIENT_ID}` };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (next++ < requests) await send(url, { headers });
    }),
  );
  return requests / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => percentile(values, 50);

export async function requestLogSection(on: Target, onPostgres: boolean) {
  const databaseUrl = onPostgres ? await postgresUrl() : null;
  const app = await startApp({ operatorKey, databaseUrl: databaseUrl ?? undefined, env: { ...secrets, REQUEST_LOG: "off" } });
  try {
    const off: Target = { app, ...(await setup(app)) };
    const forced = (t: Target) =>
      timed(`${t.app.baseUrl}/api/exchanges/${t.exchangeId}`, { cookie: t.cookie, "cache-control": "no-cache" });
    for (let i = 0; i < 100; i++) {
      await forced(on);
      await forced(off);
    }
    const samples = { on: [] as number[], off: [] as number[] };
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      samples.on.push(await forced(on));
      samples.off.push(await forced(off));
    }
    // throughput: a round to warm both up, then ROUNDS pairs, which of the two goes first alternating;
    // the figure is the median of the pairs' ratios
    const perRound = Math.max(200, Math.round(INGEST_EVENTS / 5));
    await sandboxThroughput(on, perRound);
    await sandboxThroughput(off, perRound);
    const rates = { on: [] as number[], off: [] as number[] };
    const pairs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? on : off;
      const a = await sandboxThroughput(first, perRound);
      const b = await sandboxThroughput(first === on ? off : on, perRound);
      const [rateOn, rateOff] = first === on ? [a, b] : [b, a];
      rates.on.push(rateOn);
      rates.off.push(rateOff);
      pairs.push(rateOn / rateOff);
    }
    const p = (v: number[], q: number) => percentile(v, q);
    const latencyRatio = Math.max(p(samples.on, 50) / p(samples.off, 50), p(samples.on, 99) / p(samples.off, 99));
    const rateRatio = median(pairs);
    console.log(
      `\n9. the request log: REQUEST_LOG=on (the main instance) against off (a second instance), ${LATENCY_SAMPLES} each, interleaved`,
    );
    console.log(
      `   proxy forced upstream  on  p50 ${ms(p(samples.on, 50))}  p99 ${ms(p(samples.on, 99))}` +
        `   off  p50 ${ms(p(samples.off, 50))}  p99 ${ms(p(samples.off, 99))}   ratio ${latencyRatio.toFixed(3)}`,
    );
    console.log(`   target ratio ≤ 1.05 (p50 and p99): ${verdict(latencyRatio <= 1.05)}`);
    console.log(
      `   sandbox GET /v1/exchanges/{id}, ${INGEST_CONCURRENCY} at a time, ${ROUNDS} pairs of ${perRound}  ` +
        `on ${median(rates.on).toFixed(0)}/s  off ${median(rates.off).toFixed(0)}/s (medians)   ` +
        `ratio ${rateRatio.toFixed(3)} (median of the pairs; from ${Math.min(...pairs).toFixed(2)} to ${Math.max(...pairs).toFixed(2)})`,
    );
    console.log(`   target ratio ≥ 0.95: ${verdict(rateRatio >= 0.95)}`);
  } finally {
    await app.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    rmSync(app.dataDir, { recursive: true, force: true });
  }
}
