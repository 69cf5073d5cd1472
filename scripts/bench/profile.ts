// npm run bench:profile: a CPU profile of the server under the webhook ingest load of section 2,
// summed by function and by module. The app runs with V8's sampling profiler (cpu-profile.mjs); only
// the samples taken while the measured webhooks were in flight are counted (the profile's clock
// and process.hrtime are both the system's monotonic clock), so start-up and warm-up are left out.
// Prints the top functions by self time and by total time (a function's own samples and those of
// what it called), the modules (node_modules packages, Node's internals, the app's own chunks),
// and the events per second of the profiled run (slower than unprofiled: compare profiles, not rates).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "../../tests/integration/harness/app-server";
import { agent, dropDatabase, INGEST_EVENTS, operatorKey, postgresUrl, secrets, setup } from "./common";
import { ingest, signedEvents } from "./ingest";

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);

/** Where a frame's code comes from: a package, Node itself, the app's build, or V8's own bookkeeping. */
export function moduleOf(frame: Frame): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || "native"})`.replace(/^\(\((.*)\)\)$/, "($1)");
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? url;
  if (url.includes("/.next/")) return "the app (.next)";
  return path.basename(url);
}

const label = (frame: Frame) => `${frame.functionName || "(anonymous)"}  ${moduleOf(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;

/** Self and total milliseconds by function and by module, of the samples between `from` and `to` (µs, monotonic). */
export function summarise(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const modules = new Map<string, number>();
  let at = profile.startTime;
  let counted = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    const ms = delta / 1000;
    const leaf = byId.get(id);
    if (!leaf) return;
    counted += ms;
    self.set(label(leaf.callFrame), (self.get(label(leaf.callFrame)) ?? 0) + ms);
    modules.set(moduleOf(leaf.callFrame), (modules.get(moduleOf(leaf.callFrame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n: Node | undefined = leaf; n; n = byId.get(parent.get(n.id) ?? -1)) {
      const name = label(n.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const top = (m: Map<string, number>, count = TOP) => [...m].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { counted, self: top(self), total: top(total), modules: top(modules, 15) };
}

/** The server's JSON log lines by their message, most first. */
function linesByMessage(output: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const match of output.matchAll(/"msg":"([^"]*)"/g)) counts.set(match[1] ?? "", (counts.get(match[1] ?? "") ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

function print(title: string, rows: [string, number][], counted: number) {
  console.log(`\n   ${title}`);
  for (const [name, ms] of rows)
    console.log(`   ${((ms / counted) * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

async function main() {
  const databaseUrl = await postgresUrl();
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-profile-"));
  const file = path.join(dir, "server.cpuprofile");
  const app = await startApp({
    operatorKey,
    databaseUrl: databaseUrl ?? undefined,
    env: {
      ...secrets,
      NODE_OPTIONS: `--import=${path.join(import.meta.dirname, "cpu-profile.mjs")}`,
      BENCH_PROFILE_FILE: file,
    },
  });
  let window = { from: 0, to: 0 };
  let rate = 0;
  let lines: [string, number][] = [];
  try {
    await setup(app);
    await ingest(`${app.baseUrl}/webhook`, signedEvents(500, secrets.SANDBOX_DEMO_WEBHOOK_SECRET));
    const events = signedEvents(INGEST_EVENTS, secrets.SANDBOX_DEMO_WEBHOOK_SECRET);
    const logged = app.output().length;
    const from = Number(process.hrtime.bigint() / 1000n);
    rate = await ingest(`${app.baseUrl}/webhook`, events);
    window = { from, to: Number(process.hrtime.bigint() / 1000n) };
    lines = linesByMessage(app.output().slice(logged));
  } finally {
    await app.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    else rmSync(app.dataDir, { recursive: true, force: true });
    agent.destroy();
  }
  if (!existsSync(file)) throw new Error(`no profile at ${file}: did the server exit on SIGTERM?`);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  rmSync(dir, { recursive: true, force: true });
  const summary = summarise(profile, window.from, window.to);
  console.log(
    `POST /webhook under profile, ${INGEST_EVENTS} events on ${databaseUrl ? "PostgreSQL" : "PGlite"}: ${rate.toFixed(0)} events/s, ` +
      `${summary.counted.toFixed(0)} ms of samples in the window of ${((window.to - window.from) / 1000).toFixed(0)} ms`,
  );
  console.log(`\n   log lines written while they were in flight, per webhook`);
  for (const [msg, count] of lines) console.log(`   ${(count / INGEST_EVENTS).toFixed(2).padStart(6)}  ${msg}`);
  print("by module (self)", summary.modules, summary.counted);
  print("by function, self", summary.self, summary.counted);
  print("by function, total (self and what it called)", summary.total, summary.counted);
}

main().catch((error: unknown) => {
  console.error("profile failed:", error instanceof Error ? error.stack : error);
  process.exit(2);
});
