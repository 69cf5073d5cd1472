import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { appendLog } from "./secret-scan";

const root = path.resolve(import.meta.dirname, "../../..");

export type AppOptions = {
  /** PGlite directory; a fresh temporary one when absent (and no databaseUrl). */
  dataDir?: string;
  databaseUrl?: string;
  operatorKey: string;
  port?: number;
  env?: Record<string, string>;
  /** Polled until it answers 2xx; the sandbox's OpenAPI document by default. */
  readyPath?: string;
};

export type RunningApp = {
  baseUrl: string;
  sandboxUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, banner: boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && (!banner || output().includes("Operator key"))) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`app not ready within 60 s:\n${output()}`);
}

/** Builds the app (`next build`) unless it is built: the suites that start it run the build. */
export function ensureBuilt() {
  if (existsSync(path.join(root, ".next/BUILD_ID"))) return;
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error("next build failed");
}

/** Starts the built app (`next start`) as a real server process. */
export async function startApp(options: AppOptions): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "exchange-it-"));
  let log = "";
  const child = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SANDBOX_OPERATOR_KEY: options.operatorKey,
      SANDBOX_WORKER_INTERVAL_MS: "100",
      SANDBOX_DEMO_ACTIVITY: "false",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // copied for the suite's scan of every log line for secrets (secret-scan.ts)
  const copy = `app-${port}-${Date.now()}.log`;
  const take = (chunk: Buffer) => {
    log += chunk.toString();
    appendLog(copy, chunk.toString());
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  const output = () => log;
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${baseUrl}${options.readyPath ?? "/sandbox/openapi.json"}`, child, output, !options.readyPath);
  return {
    baseUrl,
    sandboxUrl: `${baseUrl}/sandbox`,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill(signal);
      await exited;
    },
  };
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
