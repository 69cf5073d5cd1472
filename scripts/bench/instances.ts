// Section 6 of npm run bench: one instance against two, each behind Debian's nginx with
// deploy/nginx.conf, on one PostgreSQL: webhook ingest and live fan-out throughput. On this
// 2-core machine no target is set: the ratio shows what a second instance costs or gains when
// both share the cores with nginx, PostgreSQL and the load generator.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startApp, type RunningApp } from "../../tests/integration/harness/app-server";
import { nginxConfig } from "../cluster/nginx-config.mjs";
import { operatorKey, secrets } from "./common";
import { fanOut } from "./fan-out";
import { ingest, signedEvents } from "./ingest";

const root = path.resolve(import.meta.dirname, "../..");

type Balancer = { url: string; stop: () => void };

async function startNginx(nginx: string, ports: number[]): Promise<Balancer> {
  const listen = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const config = nginxConfig(readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"), { listen, ports, prefix });
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child: ChildProcess = spawn(nginx, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () => {
      child.kill();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export type InstancesBenchDeps = {
  app: RunningApp;
  databaseUrl: string;
  operatorKey: string;
  env: Record<string, string>;
  cookie: string;
  /** Events per second of a burst sent to `url` (the bench's ingest, 32 in flight). */
  ingest: (url: string, count: number) => Promise<number>;
  /** Deliveries per second to `subscribers` streams at `url` of `events` webhooks sent through it. */
  fanOut: (url: string, subscribers: number, events: number) => Promise<{ rate: number; missing: number }>;
};

export async function instancesBench(deps: InstancesBenchDeps) {
  const nginx = [process.env.NGINX_PATH, "/usr/sbin/nginx"].find((p) => p && existsSync(p));
  console.log("\n6. one instance against two, each behind nginx (deploy/nginx.conf), on one PostgreSQL");
  if (!nginx) {
    console.log("   skipped: nginx is not installed (apt-get install nginx)");
    return;
  }
  const second = await startApp({ operatorKey: deps.operatorKey, databaseUrl: deps.databaseUrl, env: deps.env, readyPath: "/api/health" });
  const one = await startNginx(nginx, [deps.app.port]);
  const two = await startNginx(nginx, [deps.app.port, second.port]);
  try {
    const events = Number(process.env.BENCH_INSTANCE_EVENTS ?? 2000);
    await deps.ingest(`${one.url}/webhook`, 200);
    await deps.ingest(`${two.url}/webhook`, 200);
    const ingestOne = await deps.ingest(`${one.url}/webhook`, events);
    await new Promise((r) => setTimeout(r, 2_000)); // the snapshot refreshes of the first burst drain
    const ingestTwo = await deps.ingest(`${two.url}/webhook`, events);
    console.log(`   ingest, ${events} webhooks, 32 in flight`);
    console.log(`     1 instance   ${ingestOne.toFixed(0)} events/s`);
    console.log(
      `     2 instances  ${ingestTwo.toFixed(0)} events/s   ratio ${(ingestTwo / ingestOne).toFixed(2)}   (no target on 2 cores)`,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const subscribers = Number(process.env.BENCH_INSTANCE_SUBSCRIBERS ?? 400);
    const fanEvents = 50;
    const fanOne = await deps.fanOut(one.url, subscribers, fanEvents);
    const fanTwo = await deps.fanOut(two.url, subscribers, fanEvents);
    console.log(`   fan-out, ${subscribers} streams through the balancer, ${fanEvents} webhooks as fast as they go`);
    console.log(`     1 instance   ${fanOne.rate.toFixed(0)} deliveries/s (${fanOne.missing} missing)`);
    const fanRatio = (fanTwo.rate / fanOne.rate).toFixed(2);
    console.log(
      `     2 instances  ${fanTwo.rate.toFixed(0)} deliveries/s (${fanTwo.missing} missing)   ratio ${fanRatio}   (no target on 2 cores)`,
    );
  } finally {
    one.stop();
    two.stop();
    await second.stop();
    rmSync(second.dataDir, { recursive: true, force: true });
  }
}

export function instancesSection(app: RunningApp, databaseUrl: string, cookie: string) {
  return instancesBench({
    app,
    databaseUrl,
    operatorKey,
    env: { ...secrets, STREAMS_PER_USER: "5000" },
    cookie,
    ingest: (url, count) => ingest(url, signedEvents(count, secrets.SANDBOX_DEMO_WEBHOOK_SECRET)),
    fanOut: (url, subscribers, events) => fanOut(url, cookie, subscribers, events),
  });
}
