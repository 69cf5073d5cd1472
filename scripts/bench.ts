// npm run bench: measures the dashboard server against its own baselines on this machine and
// prints figures, ratios and their targets, section by section, then every target missed, once
// more, together. A benchmark, not a test (CI does not run it: this machine is too noisy for a
// timing gate), but a miss is not to pass unnoticed: the run exits 1 when a target was missed, and
// 2 when it cannot run at all. BENCH_ONLY=<name> runs one section (or core: 1 to 3):
//   1 latency, 2 ingest, 3 fan-out (scripts/bench/latency.ts, ingest.ts, fan-out.ts)
//   4 reports (reports.ts, PostgreSQL), 5 pages (pages.ts), 6 instances (instances.ts, PostgreSQL
//   and nginx), 7 forwarding (forwarding.ts), 8 scale (scale.ts, PostgreSQL), 9 request-log
//   (request-log.ts: logging on against off)
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp, type RunningApp } from "../tests/integration/harness/app-server";
import {
  agent,
  dropDatabase,
  operatorKey,
  postgresUrl,
  root,
  secrets,
  setup,
  SUBSCRIBERS,
  tenantIdOf,
  WARM_UP_SUBSCRIBERS,
} from "./bench/common";
import { latencySection } from "./bench/latency";
import { ingestSection, INGESTED } from "./bench/ingest";
import { fanOutSection } from "./bench/fan-out";
import { reportsBench } from "./bench/reports";
import { pagesBench } from "./bench/pages";
import { instancesSection } from "./bench/instances";
import { forwardingBench } from "./bench/forwarding";
import { scaleSection } from "./bench/scale";
import { requestLogSection } from "./bench/request-log";

type Context = { app: RunningApp; databaseUrl: string | null; cookie: string; exchangeId: string; orderId: string; ingested: number };
type Section = { name: string; title: string; postgresOnly?: string; run: (c: Context) => Promise<unknown> };

const sections: Section[] = [
  { name: "latency", title: "1. proxy latency", run: (c) => latencySection(c.app, c) },
  {
    name: "ingest",
    title: "2. webhook ingest",
    run: async (c) => {
      await ingestSection(c.app, c.databaseUrl, await tenantIdOf(c.app, c.cookie));
      c.ingested = INGESTED;
    },
  },
  { name: "fan-out", title: "3. webhook → SSE", run: (c) => fanOutSection(c.app, c.cookie, c.ingested) },
  {
    name: "reports",
    title: "4. reports and exports",
    postgresOnly: "they are measured on PostgreSQL only",
    run: async (c) => reportsBench(c.app, c.databaseUrl ?? "", await tenantIdOf(c.app, c.cookie), c.cookie),
  },
  { name: "pages", title: "5. page weight and Lighthouse", run: (c) => pagesBench(c.app, c) },
  {
    name: "instances",
    title: "6. one instance against two",
    postgresOnly: "instances share PostgreSQL only",
    run: (c) => instancesSection(c.app, c.databaseUrl ?? "", c.cookie),
  },
  { name: "forwarding", title: "7. forwarding", run: (c) => forwardingBench(c.app, c.cookie) },
  {
    name: "scale",
    title: "8. data at scale",
    postgresOnly: "it is measured on PostgreSQL only",
    run: (c) => scaleSection(c.app, c.databaseUrl ?? "", c.cookie),
  },
  { name: "request-log", title: "9. the request log on and off", run: (c) => requestLogSection(c.databaseUrl !== null) },
];

/** The lines of a section that say a target was missed, kept as they were printed. */
const missed: { section: string; line: string }[] = [];

/** Runs a section, keeping the lines it prints with "MISSES target" for the summary. */
async function runSection(section: Section, context: Context) {
  const print = console.log;
  console.log = (...args: unknown[]) => {
    const text = args.map(String).join(" ");
    for (const line of text.split("\n")) if (line.includes("MISSES target")) missed.push({ section: section.title, line: line.trim() });
    print(...args);
  };
  try {
    await section.run(context);
  } finally {
    console.log = print;
  }
}

function summary(): number {
  if (missed.length === 0) {
    console.log("\nevery target met");
    return 0;
  }
  console.log(`\n${missed.length} target${missed.length === 1 ? "" : "s"} MISSED:`);
  for (const { section, line } of missed) console.log(`   ${section}: ${line}`);
  return 1;
}

async function main(): Promise<number> {
  const only = process.env.BENCH_ONLY;
  const chosen = only === "core" ? sections.slice(0, 3) : only ? sections.filter((s) => s.name === only) : sections;
  if (chosen.length === 0) throw new Error(`BENCH_ONLY=${only}: no such section (${["core", ...sections.map((s) => s.name)].join(", ")})`);
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("no build: running next build first");
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(2);
  }
  const databaseUrl = await postgresUrl();
  console.log(`bench on ${os.cpus().length} cores, database: ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
  const app = await startApp({
    operatorKey,
    databaseUrl: databaseUrl ?? undefined,
    env: {
      ...secrets,
      NODE_OPTIONS: "--expose-gc",
      STREAMS_PER_USER: String(Math.max(5000, SUBSCRIBERS + WARM_UP_SUBSCRIBERS + 50)),
      // section 7's receiver listens on 127.0.0.1
      FORWARDING_ALLOW_PRIVATE: "true",
    },
  });
  try {
    const context: Context = { app, databaseUrl, ingested: 0, ...(await setup(app)) };
    for (const section of chosen) {
      if (section.postgresOnly && !databaseUrl) {
        if (only) throw new Error(`${section.title}: ${section.postgresOnly}`);
        console.log(`\n${section.title}: skipped, ${section.postgresOnly}`);
        continue;
      }
      await runSection(section, context);
    }
  } finally {
    await app.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    else rmSync(app.dataDir, { recursive: true, force: true });
    agent.destroy();
  }
  return summary();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("bench failed:", error instanceof Error ? error.stack : error);
    process.exit(2);
  },
);
