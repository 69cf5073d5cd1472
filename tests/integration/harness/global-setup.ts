import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { ensureBuilt, removeDir, startApp, type RunningApp } from "./app-server";
import { resetDatabase } from "./database";
import { allLogs, makeLogDir, scanForSecrets, secretsOf } from "./secret-scan";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    operatorKey: string;
    databaseUrl: string;
    demoPassword: string;
    webhookSecret: string;
    demoClientId: string;
    /** The app's DATA_DIR (its generated secrets): a second instance on the same PostgreSQL shares it. */
    dataDir: string;
    /** The app's process id (its memory is measured). */
    appPid: number;
  }
}

let app: RunningApp | undefined;
let logs: string | undefined;
let secrets: string[] = [];

/** One running app for the integration suite: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export async function setup(project: TestProject) {
  ensureBuilt();
  const databaseUrl = process.env.TEST_DATABASE_URL ?? "";
  if (databaseUrl) await resetDatabase(databaseUrl);
  const operatorKey = `sk_op_test_${randomBytes(16).toString("hex")}`;
  const demo = {
    DEMO_PASSWORD: `demo-${randomBytes(8).toString("hex")}`,
    SANDBOX_DEMO_WEBHOOK_SECRET: `whsec_test_${randomBytes(16).toString("hex")}`,
    SANDBOX_DEMO_CLIENT_ID: `demo_test_${randomBytes(8).toString("hex")}`,
    // the suite stands in for one proxy of ours: its X-Forwarded-For entry is the caller's address
    TRUSTED_PROXY_HOPS: "1",
    // tenants of the suite's own stand-in services, on 127.0.0.1 (upstream-guard.test.ts runs an
    // app without it)
    UPSTREAM_ALLOW_PRIVATE: "true",
    // a state waits 3 s for its webhook before it counts as never announced (600 s by default)
    ATTENTION_WEBHOOK_GRACE_SECONDS: "3",
  };
  logs = makeLogDir();
  app = await startApp({ operatorKey, databaseUrl: databaseUrl || undefined, env: demo });
  // the secrets it generated, and those it was given
  const generatedFile = path.join(app.dataDir, "secrets.json");
  const generated = existsSync(generatedFile) ? (JSON.parse(readFileSync(generatedFile, "utf8")) as Record<string, string>) : {};
  secrets = secretsOf({ ...generated, ...demo, SANDBOX_OPERATOR_KEY: operatorKey });
  console.log(`integration suite against ${app.baseUrl} on ${databaseUrl ? "PostgreSQL" : "PGlite"}`);
  project.provide("baseUrl", app.baseUrl);
  project.provide("operatorKey", operatorKey);
  project.provide("databaseUrl", databaseUrl);
  project.provide("demoPassword", demo.DEMO_PASSWORD);
  project.provide("webhookSecret", demo.SANDBOX_DEMO_WEBHOOK_SECRET);
  project.provide("demoClientId", demo.SANDBOX_DEMO_CLIENT_ID);
  project.provide("dataDir", app.dataDir);
  project.provide("appPid", app.pid);
}

export async function teardown() {
  if (!app) return;
  await app.stop();
  if (!process.env.TEST_DATABASE_URL) removeDir(app.dataDir);
  if (!logs) return;
  // every line every app of the suite wrote, the main one's and those tests started
  const leaks = scanForSecrets(allLogs(logs), secrets);
  removeDir(logs);
  if (leaks.length > 0) throw new Error(`secrets reached the logs:\n${leaks.slice(0, 20).join("\n")}`);
}
