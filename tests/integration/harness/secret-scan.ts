import { appendFileSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// No password, cookie, signature, secret or webhook body may reach a log. The suites' apps write
// everything they print to TEST_LOG_DIR as well; the suite's teardown scans every line for the
// secrets it configured, and for the shapes of what it cannot know in advance.

/** The settings whose values are secrets. */
const SECRET_SETTINGS = [
  "DEMO_PASSWORD",
  "SANDBOX_DEMO_WEBHOOK_SECRET",
  "SANDBOX_DEMO_CLIENT_ID",
  "SANDBOX_OPERATOR_KEY",
  "AUTH_SECRET",
  "APP_ENCRYPTION_KEY",
  "METRICS_TOKEN",
];

const SHAPES: [string, RegExp][] = [
  // next-auth's session cookie: a JWE whose header is always {"alg":"dir","enc":"A256GCM"}
  ["a session token", /eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0/],
  ["a webhook signature", /sha256=[0-9a-f]{64}/i],
  ["a webhook body", /"payload"\s*:\s*\{/],
  ["a password field", /"password"\s*:\s*"(?!\[redacted\])/],
];

export function secretsOf(env: Record<string, string | undefined>): string[] {
  return SECRET_SETTINGS.flatMap((name) => (env[name] ? [env[name]] : []));
}

/** The lines that hold a secret, each with what it holds (the secret itself left out). */
export function scanForSecrets(text: string, secrets: string[]): string[] {
  const known = secrets.filter((s) => s.length >= 8);
  const leaks: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const secret of known) if (line.includes(secret)) leaks.push(`line ${i + 1}: a configured secret (${secret.slice(0, 4)}…)`);
    for (const [what, shape] of SHAPES) if (shape.test(line)) leaks.push(`line ${i + 1}: ${what}: ${line.slice(0, 120)}`);
  });
  return leaks;
}

/** The folder the suite's apps copy their output to (made once per run, in the setup). */
export function logDir(): string | undefined {
  return process.env.TEST_LOG_DIR || undefined;
}

export function makeLogDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "exchange-logs-"));
  process.env.TEST_LOG_DIR = dir;
  return dir;
}

export function appendLog(file: string, chunk: string) {
  const dir = logDir();
  if (dir) appendFileSync(path.join(dir, file), chunk);
}

export function allLogs(dir: string): string {
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
}
