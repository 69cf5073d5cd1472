import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, removeDir, startApp, type RunningApp } from "../integration/harness/app-server";
import { resetDatabase } from "../integration/harness/database";
import { nginxConfig } from "../../scripts/cluster/nginx-config.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The instances' own addresses, behind the balancer at baseUrl. */
    instanceUrls: string[];
    instancePorts: number[];
    instancePids: number[];
    clusterEnv: Record<string, string>;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
let apps: RunningApp[] = [];
let nginx: ChildProcess | undefined;
let prefix = "";

/**
 * Two instances of the built app started at the same moment on one fresh PostgreSQL database
 * (so both race to migrate and seed it), behind Debian's nginx running deploy/nginx.conf.
 */
export async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error("The cluster suite needs PostgreSQL: set TEST_DATABASE_URL (instances share one database).");
  const nginxPath = [process.env.NGINX_PATH, "/usr/sbin/nginx"].find((p) => p && existsSync(p));
  if (!nginxPath) throw new Error("The cluster suite needs nginx: apt-get install nginx, or set NGINX_PATH.");
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("next build failed");
  }
  await resetDatabase(databaseUrl);

  const [port, ...instancePorts] = await Promise.all([freePort(), freePort(), freePort()]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const operatorKey = `sk_op_cluster_${randomBytes(16).toString("hex")}`;
  // what every instance shares: the secrets, and the balancer's address for links, webhooks and the upstream
  const env: Record<string, string> = {
    DEMO_PASSWORD: `demo-${randomBytes(8).toString("hex")}`,
    SANDBOX_DEMO_WEBHOOK_SECRET: `whsec_cluster_${randomBytes(16).toString("hex")}`,
    SANDBOX_DEMO_CLIENT_ID: `demo_cluster_${randomBytes(8).toString("hex")}`,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    APP_URL: baseUrl,
    TRUSTED_PROXY_HOPS: "1",
    SANDBOX_ENABLED: "true",
    EXCHANGE_API_BASE_URL: `${baseUrl}/sandbox`,
    SANDBOX_PUBLIC_URL: `${baseUrl}/sandbox`,
    // heartbeats every 2 s: a dead instance's stream places expire within 6 s, not 45
    STREAM_HEARTBEAT_SECONDS: "2",
  };

  prefix = mkdtempSync(path.join(os.tmpdir(), "cluster-nginx-"));
  const config = nginxConfig(readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"), { listen: port, ports: instancePorts, prefix });
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  nginx = spawn(nginxPath, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });

  const started = await Promise.allSettled(
    (instancePorts as number[]).map((p) => startApp({ operatorKey, databaseUrl, port: p, env, readyPath: "/api/health" })),
  );
  apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  console.log(`cluster suite: instances on ${instancePorts.join(", ")} behind nginx at ${baseUrl}, PostgreSQL`);
  project.provide("baseUrl", baseUrl);
  project.provide("operatorKey", operatorKey);
  project.provide("databaseUrl", databaseUrl);
  project.provide("demoPassword", env.DEMO_PASSWORD ?? "");
  project.provide("webhookSecret", env.SANDBOX_DEMO_WEBHOOK_SECRET ?? "");
  project.provide("demoClientId", env.SANDBOX_DEMO_CLIENT_ID ?? "");
  project.provide(
    "instanceUrls",
    apps.map((a) => a.baseUrl),
  );
  project.provide(
    "instancePorts",
    apps.map((a) => a.port),
  );
  project.provide(
    "instancePids",
    apps.map((a) => a.pid),
  );
  project.provide("clusterEnv", { ...env, SANDBOX_OPERATOR_KEY: operatorKey });
  project.provide("dataDir", apps[0]?.dataDir ?? "");
  project.provide("appPid", apps[0]?.pid ?? 0);
}

export async function teardown() {
  await Promise.all(apps.map((a) => a.stop()));
  nginx?.kill("SIGTERM");
  for (const app of apps) removeDir(app.dataDir);
  if (prefix) removeDir(prefix);
}
