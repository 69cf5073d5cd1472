import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The cluster's instances, each started with `npm start` under tests/cluster/supervise.mjs, by
// the suite's setup or by a test that restarts one. Their state is in files, so that any test
// file (each runs in a process of its own) may stop one and start it again.

export type Cluster = { stateDir: string; ports: number[]; env: Record<string, string> };
type InstanceRecord = { npmPid: number; startedAt: string; exit?: { code: number | null; signal: string | null; at: string } };

const supervisor = path.join(import.meta.dirname, "supervise.mjs");

const stateFile = (cluster: Cluster, index: number) => path.join(cluster.stateDir, `instance-${index}.json`);
export const logFile = (cluster: Cluster, index: number) => path.join(cluster.stateDir, `instance-${index}.log`);

function readRecord(cluster: Cluster, index: number): InstanceRecord | null {
  try {
    return JSON.parse(readFileSync(stateFile(cluster, index), "utf8")) as InstanceRecord;
  } catch {
    return null;
  }
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every live process whose process group is `pgid` (an instance's npm leads its own group). */
export function processesOfGroup(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The server's process: npm's child (npm runs `exec node scripts/start.mjs`, which serves in-process). */
export function serverPid(npmPid: number): number {
  const children = readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  const pid = Number(children[0]);
  if (!pid) throw new Error(`npm ${npmPid} has no child process`);
  return pid;
}

async function ready(port: number, deadlineMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      // CLUSTER_READY_PATH: another path, for running these tests against a build that has no readiness route
      const readyPath = process.env.CLUSTER_READY_PATH ?? "/api/health/ready";
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`instance on ${port} not ready within ${deadlineMs / 1000} s:\n${log().slice(-4_000)}`);
}

/** Starts instance `index` with `npm start` and resolves when it is ready. */
export async function startInstance(cluster: Cluster, index: number): Promise<{ npmPid: number }> {
  const port = cluster.ports[index];
  if (port === undefined) throw new Error(`no instance ${index}`);
  const child = spawn(process.execPath, [supervisor, cluster.stateDir, String(index)], {
    detached: true,
    stdio: "ignore",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      ...cluster.env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
  });
  child.unref();
  const started = Date.now();
  // the supervisor writes the record as it starts npm
  const recorded = () => new Date(readRecord(cluster, index)?.startedAt ?? 0).getTime() >= started - 1_000;
  while (!recorded()) {
    if (Date.now() - started > 10_000) throw new Error("the supervisor did not start npm");
    await new Promise((r) => setTimeout(r, 50));
  }
  await ready(port, 120_000, () => (existsSync(logFile(cluster, index)) ? readFileSync(logFile(cluster, index), "utf8") : ""));
  return { npmPid: readRecord(cluster, index)?.npmPid ?? 0 };
}

/** Instance `index`'s npm process, if it runs. */
export function runningNpm(cluster: Cluster, index: number): number | null {
  const record = readRecord(cluster, index);
  return record && !record.exit && isAlive(record.npmPid) ? record.npmPid : null;
}

export type Stopped = { code: number | null; signal: string | null; seconds: number; left: number[] };

/**
 * Stops instance `index` as a process manager does: SIGTERM (or `signal`) to `npm start` alone
 * ("npm", what a container runtime sends its first process), or to its whole process group
 * ("group", what systemd and `kill -- -PGID` do). Resolves with npm's exit and the processes of
 * its group still alive then.
 */
export async function stopInstance(
  cluster: Cluster,
  index: number,
  to: "npm" | "group",
  signal: NodeJS.Signals = "SIGTERM",
): Promise<Stopped> {
  const npmPid = runningNpm(cluster, index);
  if (!npmPid) throw new Error(`instance ${index} is not running`);
  const sent = Date.now();
  process.kill(to === "npm" ? npmPid : -npmPid, signal);
  for (;;) {
    const record = readRecord(cluster, index);
    if (record?.exit) {
      // what npm leaves behind, if anything, has a moment to go
      await new Promise((r) => setTimeout(r, 300));
      return { code: record.exit.code, signal: record.exit.signal, seconds: (Date.now() - sent) / 1000, left: processesOfGroup(npmPid) };
    }
    if (Date.now() - sent > 60_000) throw new Error(`instance ${index} did not exit within 60 s of ${signal}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts every instance that is not running (a test before may have stopped one). */
export async function ensureRunning(cluster: Cluster): Promise<void> {
  await Promise.all(
    cluster.ports.map(async (port, index) => {
      if (runningNpm(cluster, index)) return;
      // a test may have started one of its own on the port: it must be gone first
      for (let i = 0; i < 100; i++) {
        const answered = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) }).then(
          () => true,
          () => false,
        );
        if (!answered) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await startInstance(cluster, index);
    }),
  );
}

/** Stops every instance (the suite's teardown): SIGTERM to each group, SIGKILL to what is left after 30 s. */
export async function stopAll(cluster: Cluster): Promise<void> {
  await Promise.all(
    cluster.ports.map(async (_, index) => {
      const npmPid = runningNpm(cluster, index);
      if (!npmPid) return;
      process.kill(-npmPid, "SIGTERM");
      const deadline = Date.now() + 30_000;
      while (processesOfGroup(npmPid).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      for (const pid of processesOfGroup(npmPid)) process.kill(pid, "SIGKILL");
    }),
  );
}

/** Every line the instances wrote so far. */
export function instanceLogs(cluster: Cluster): string {
  return readdirSync(cluster.stateDir)
    .filter((f) => f.endsWith(".log"))
    .map((f) => readFileSync(path.join(cluster.stateDir, f), "utf8"))
    .join("\n");
}
