import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// The developer's command line (cli/exchange-dashboard.mjs) run as they run it: a child process
// of plain Node.js, its own config directory (XDG_CONFIG_HOME), no colours (not a terminal).

export const entry = path.resolve(import.meta.dirname, "../../../cli/exchange-dashboard.mjs");

export const configHome = () => mkdtempSync(path.join(os.tmpdir(), "exchange-cli-"));

export class CliRun {
  /** Every run not yet ended: a failed test's runs are stopped after its file (stopAll). */
  private static live = new Set<CliRun>();
  stdout = "";
  stderr = "";
  readonly exited: Promise<number | null>;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  private constructor(private readonly child: ChildProcess) {
    const take = (to: "stdout" | "stderr") => (chunk: Buffer) => {
      this[to] += chunk.toString();
      this.waiters = this.waiters.filter((w) => !(w.test() && (w.resolve(), true)));
    };
    child.stdout?.on("data", take("stdout"));
    child.stderr?.on("data", take("stderr"));
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    CliRun.live.add(this);
    void this.exited.then(() => CliRun.live.delete(this));
  }

  /** `stdin`, when given, is piped in and closed (a key piped to login); else stdin is /dev/null. */
  static start(args: string[], env: Record<string, string>, stdin?: string): CliRun {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    child.stdin?.end(stdin);
    return new CliRun(child);
  }

  /** The JSON lines of stdout (--json), parsed. */
  lines<T = Record<string, unknown>>(): T[] {
    // complete lines only: a chunk may end within one
    return this.stdout
      .split("\n")
      .slice(0, -1)
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as T);
  }

  /** Resolves once `test` holds on the output so far, or rejects after `timeoutMs` (or if the command ends first). */
  until(test: () => boolean, timeoutMs = 20_000, what = "the command's output"): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const fail = (why: string) => reject(new Error(`${what}: ${why}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`));
      const timer = setTimeout(() => fail(`not within ${timeoutMs} ms`), timeoutMs);
      void this.exited.then((code) => setTimeout(() => !test() && fail(`the command exited with ${code} first`), 50));
      this.waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  static async stopAll(): Promise<void> {
    await Promise.all([...CliRun.live].map((run) => run.stop()));
  }

  async stop(): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
    return this.exited;
  }
}

/** Runs a command to its end: its exit status and output. */
export async function runCli(args: string[], env: Record<string, string>, stdin?: string) {
  const run = CliRun.start(args, env, stdin);
  const code = await run.exited;
  return { code, stdout: run.stdout, stderr: run.stderr };
}
