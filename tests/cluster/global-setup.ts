import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, removeDir } from "../integration/harness/app-server";
import { nginxConfig } from "../../scripts/cluster/nginx-config.mjs";
import { createScratchPostgres, removePostgres, type ScratchPostgres } from "./scratch-postgres";
import { instanceLogs, runningNpm, serverPid, startInstance, stopAll, type Cluster } from "./instances";
import { scanForSecrets, secretsOf } from "../integration/harness/secret-scan";

declare module "vitest" {
  export interface ProvidedContext {
    /** The instances' own addresses, behind the balancer at baseUrl. */
    instanceUrls: string[];
    instancePorts: number[];
    clusterEnv: Record<string, string>;
    /** Where the instances' state and logs are: tests stop and restart instances through it. */
    cluster: Cluster;
    /** The suite's own PostgreSQL, which tests stop and start. */
    postgres: ScratchPostgres;
    metricsToken: string;
    /** The balancer's HTTP/2 listener over TLS (a self-signed certificate for 127.0.0.1). */
    tlsUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
let cluster: Cluster | undefined;
let postgres: ScratchPostgres | undefined;
let nginx: ChildProcess | undefined;
let prefix = "";

/**
 * Two instances of the built app, each started with `npm start`, at the same moment on one fresh
 * PostgreSQL of the suite's own (so both race to migrate and seed it, and tests may stop the
 * database), behind Debian's nginx running deploy/nginx.conf.
 */
export async function setup(project: TestProject) {
  const nginxPath = [process.env.NGINX_PATH, "/usr/sbin/nginx"].find((p) => p && existsSync(p));
  if (!nginxPath) throw new Error("The cluster suite needs nginx: apt-get install nginx, or set NGINX_PATH.");
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("next build failed");
  }
  const [port, pgPort, ...instancePorts] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  postgres = createScratchPostgres(pgPort as number);
  const baseUrl = `http://127.0.0.1:${port}`;
  const operatorKey = `sk_op_cluster_${randomBytes(16).toString("hex")}`;
  const metricsToken = `metrics_${randomBytes(16).toString("hex")}`;
  // what every instance shares: the secrets, and the balancer's address for links, webhooks and the upstream
  const env: Record<string, string> = {
    DATABASE_URL: postgres.url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "cluster-data-")),
    DEMO_PASSWORD: `demo-${randomBytes(8).toString("hex")}`,
    SANDBOX_DEMO_WEBHOOK_SECRET: `whsec_cluster_${randomBytes(16).toString("hex")}`,
    SANDBOX_DEMO_CLIENT_ID: `demo_cluster_${randomBytes(8).toString("hex")}`,
    SANDBOX_OPERATOR_KEY: operatorKey,
    SANDBOX_WORKER_INTERVAL_MS: "100",
    SANDBOX_DEMO_ACTIVITY: "false",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    METRICS_TOKEN: metricsToken,
    APP_URL: baseUrl,
    TRUSTED_PROXY_HOPS: "1",
    SANDBOX_ENABLED: "true",
    EXCHANGE_API_BASE_URL: `${baseUrl}/sandbox`,
    SANDBOX_PUBLIC_URL: `${baseUrl}/sandbox`,
    // heartbeats every 2 s: a dead instance's stream places expire within 6 s, not 45
    STREAM_HEARTBEAT_SECONDS: "2",
    SHUTDOWN_GRACE_SECONDS: "20",
    // the forwarding test's receiver listens on 127.0.0.1
    FORWARDING_ALLOW_PRIVATE: "true",
    JOBS_INTERVAL_MS: "200",
  };
  cluster = { stateDir: mkdtempSync(path.join(os.tmpdir(), "cluster-state-")), ports: instancePorts as number[], env };

  prefix = mkdtempSync(path.join(os.tmpdir(), "cluster-nginx-"));
  // deploy/nginx.conf's HTTP/2 listener, with a certificate made for this run
  const tlsPort = await freePort();
  const tls = { port: tlsPort, certificate: path.join(prefix, "cert.pem"), key: path.join(prefix, "key.pem") };
  const made = spawnSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    tls.key,
    "-out",
    tls.certificate,
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
  const config = nginxConfig(readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"), {
    listen: port,
    ports: instancePorts,
    prefix,
    tls,
  });
  writeFileSync(path.join(prefix, "nginx.conf"), config);
  nginx = spawn(nginxPath, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });

  const current = cluster;
  const started = await Promise.allSettled(current.ports.map((_, index) => startInstance(current, index)));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  console.log(`cluster suite: instances on ${instancePorts.join(", ")} behind nginx at ${baseUrl}, PostgreSQL on ${pgPort}`);
  project.provide("baseUrl", baseUrl);
  project.provide("operatorKey", operatorKey);
  project.provide("databaseUrl", postgres.url);
  project.provide("demoPassword", env.DEMO_PASSWORD ?? "");
  project.provide("webhookSecret", env.SANDBOX_DEMO_WEBHOOK_SECRET ?? "");
  project.provide("demoClientId", env.SANDBOX_DEMO_CLIENT_ID ?? "");
  project.provide(
    "instanceUrls",
    current.ports.map((p) => `http://127.0.0.1:${p}`),
  );
  project.provide("instancePorts", current.ports);
  project.provide("clusterEnv", env);
  project.provide("cluster", current);
  project.provide("postgres", postgres);
  project.provide("metricsToken", metricsToken);
  project.provide("tlsUrl", `https://127.0.0.1:${tlsPort}`);
  project.provide("dataDir", env.DATA_DIR ?? "");
  project.provide("appPid", serverPid(runningNpm(current, 0) ?? 0));
}

export async function teardown() {
  if (cluster) await stopAll(cluster);
  nginx?.kill("SIGTERM");
  if (postgres) removePostgres(postgres);
  if (prefix) removeDir(prefix);
  if (cluster) {
    const leaks = scanForSecrets(instanceLogs(cluster), secretsOf(cluster.env));
    // CLUSTER_KEEP_STATE=1 keeps the instances' logs (in os.tmpdir()/cluster-state-*) to read after a failure
    if (!process.env.CLUSTER_KEEP_STATE) removeDir(cluster.stateDir);
    removeDir(cluster.env.DATA_DIR ?? "");
    if (leaks.length > 0) throw new Error(`secrets reached the instances' logs:\n${leaks.join("\n")}`);
  }
}
