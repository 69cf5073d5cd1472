// Section 9 of npm run bench: the request log's cost (docs/request-logs.md). Pairs of instances of
// the same build run one with REQUEST_LOG=on and one with REQUEST_LOG=off, each on a database of
// its own (of the same kind as the main one: a scratch PostgreSQL database, else PGlite). Two
// processes of one build and one configuration differ by up to ±7 % in these figures (each has
// its own JIT and memory layout), so the section starts PAIRS pairs one after the other and pools
// them: the proxy's latency forced upstream (one upstream call and one sandbox request recorded
// per GET), and the sandbox's throughput (one row per request), each pair measured interleaved.
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

type Target = { app: RunningApp; databaseUrl: string | null; cookie: string; exchangeId: string };

/** Pairs of processes, one after the other. */
const PAIRS = Number(process.env.BENCH_REQUEST_LOG_PAIRS ?? 8);
/** Short rounds of the throughput per pair, which of the two goes first alternating. */
const ROUNDS = 4;

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

async function start(logging: boolean, onPostgres: boolean): Promise<Target> {
  const databaseUrl = onPostgres ? await postgresUrl() : null;
  const app = await startApp({
    operatorKey,
    databaseUrl: databaseUrl ?? undefined,
    env: { ...secrets, REQUEST_LOG: logging ? "on" : "off" },
  });
  return { app, databaseUrl, ...(await setup(app)) };
}

async function stop(t: Target) {
  await t.app.stop();
  if (t.databaseUrl) await dropDatabase(t.databaseUrl);
  rmSync(t.app.dataDir, { recursive: true, force: true });
}

/** Runs `a` and `b` one after the other, which goes first alternating with `i`: the work one leaves behind falls on the next. */
async function inTurn<T>(i: number, a: () => Promise<T>, b: () => Promise<T>): Promise<[T, T]> {
  if (i % 2 === 0) {
    const first = await a();
    return [first, await b()];
  }
  const second = await b();
  return [await a(), second];
}

/** One pair: latency samples and throughput rounds, on against off. */
async function measurePair(index: number, onPostgres: boolean) {
  const [on, off] = await inTurn(
    index,
    () => start(true, onPostgres),
    () => start(false, onPostgres),
  );
  try {
    const forced = (t: Target) =>
      timed(`${t.app.baseUrl}/api/exchanges/${t.exchangeId}`, { cookie: t.cookie, "cache-control": "no-cache" });
    for (let i = 0; i < 100; i++)
      await inTurn(
        i,
        () => forced(on),
        () => forced(off),
      );
    const latency = { on: [] as number[], off: [] as number[] };
    for (let i = 0; i < Math.ceil(LATENCY_SAMPLES / PAIRS); i++) {
      const [a, b] = await inTurn(
        i,
        () => forced(on),
        () => forced(off),
      );
      latency.on.push(a);
      latency.off.push(b);
    }
    const perRound = Math.max(200, Math.round(INGEST_EVENTS / 5));
    await inTurn(
      index,
      () => sandboxThroughput(on, perRound),
      () => sandboxThroughput(off, perRound),
    );
    const rates = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await inTurn(
        round,
        () => sandboxThroughput(on, perRound),
        () => sandboxThroughput(off, perRound),
      );
      rates.on.push(a);
      rates.off.push(b);
    }
    return { latency, rates, perRound };
  } finally {
    await stop(on);
    await stop(off);
  }
}

export async function requestLogSection(onPostgres: boolean) {
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) pairs.push(await measurePair(i, onPostgres));
  const p = (v: number[], q: number) => percentile(v, q);
  const latency = { on: pairs.flatMap((pair) => pair.latency.on), off: pairs.flatMap((pair) => pair.latency.off) };
  const latencyRatio = Math.max(p(latency.on, 50) / p(latency.off, 50), p(latency.on, 99) / p(latency.off, 99));
  const roundRatios = pairs.flatMap((pair) => pair.rates.on.map((rate, i) => rate / (pair.rates.off[i] ?? NaN)));
  const pairLatency = pairs.map((pair) => (p(pair.latency.on, 50) / p(pair.latency.off, 50)).toFixed(2)).join(", ");
  const pairRate = pairs.map((pair) => (median(pair.rates.on) / median(pair.rates.off)).toFixed(2)).join(", ");
  console.log(
    `\n9. the request log: REQUEST_LOG=on against off, ${PAIRS} pairs of processes one after the other, ` +
      `${latency.on.length} GETs per configuration, which goes first alternating`,
  );
  console.log(
    `   proxy forced upstream  on  p50 ${ms(p(latency.on, 50))}  p99 ${ms(p(latency.on, 99))}` +
      `   off  p50 ${ms(p(latency.off, 50))}  p99 ${ms(p(latency.off, 99))}` +
      `   ratio ${latencyRatio.toFixed(3)} (pairs' p50 ratios ${pairLatency})`,
  );
  console.log(`   target ratio ≤ 1.05 (p50 and p99): ${verdict(latencyRatio <= 1.05)}`);
  const rateRatio = median(roundRatios);
  console.log(
    `   sandbox GET /v1/exchanges/{id}, ${INGEST_CONCURRENCY} at a time, ${ROUNDS} rounds of ${pairs[0]?.perRound ?? 0} per pair  ` +
      `on ${median(pairs.flatMap((pair) => pair.rates.on)).toFixed(0)}/s  ` +
      `off ${median(pairs.flatMap((pair) => pair.rates.off)).toFixed(0)}/s ` +
      `(medians)   ratio ${rateRatio.toFixed(3)} (median of ${roundRatios.length} rounds; pairs' ratios ${pairRate})`,
  );
  console.log(`   target ratio ≥ 0.95: ${verdict(rateRatio >= 0.95)}`);
}
