import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminCli } from "./harness/admin-cli";
import { removeDir } from "./harness/app-server";
import { CliRun, configHome } from "./harness/cli";

// What the command lines say of the risks a person takes with them: a key on the command line
// is in the process list; plain http to another machine carries the key, or every webhook and
// its signature, in clear. And the admin command line makes up no secret for a dashboard of a
// real service (the sandbox off): its keys are the operator's.

const key = `dk_AbCdEfGh_${"x".repeat(32)}`;
const dirs: string[] = [];

afterAll(async () => {
  await CliRun.stopAll();
  for (const dir of dirs) removeDir(dir);
});

const run = async (args: string[], env: Record<string, string> = {}) => {
  const cli = CliRun.start(args, { XDG_CONFIG_HOME: configHome(), ...env });
  const code = await cli.exited;
  return { code, stdout: cli.stdout, stderr: cli.stderr };
};

describe("the developer's command line", () => {
  it("--help says that --api-key shows in the process list, and names the prompt and the environment instead", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toMatch(/process list \(ps\): prefer login's prompt or EXCHANGE_DASHBOARD_API_KEY/);
  });

  it("--api-key given: a note on stderr; plain http to another machine: a warning naming what crosses it", async () => {
    const remote = await run(["events", "list", "--url", "http://example.invalid", "--api-key", key]);
    expect(remote.code).toBe(1);
    expect(remote.stderr).toMatch(/note: --api-key can be read by other users of this machine in the process list/);
    expect(remote.stderr).toMatch(/warning: --url http:\/\/example\.invalid is plain http to another machine: the API key crosses/);
    const local = await run(["events", "list", "--url", "http://127.0.0.1:9"], { EXCHANGE_DASHBOARD_API_KEY: key });
    expect(local.stderr).not.toMatch(/warning|note:/);
  });

  it("listen --forward-to plain http to another machine: a warning that webhooks and signatures cross it", async () => {
    const listen = await run(["listen", "--forward-to", "http://192.0.2.10/hook", "--url", "http://127.0.0.1:9"], {
      EXCHANGE_DASHBOARD_API_KEY: key,
    });
    expect(listen.code).toBe(1);
    expect(listen.stderr).toMatch(
      /warning: --forward-to http:\/\/192\.0\.2\.10 is plain http to another machine: every webhook and its signature/,
    );
    const loopback = await run(["listen", "--forward-to", "http://localhost:4242/hook", "--url", "http://127.0.0.1:9"], {
      EXCHANGE_DASHBOARD_API_KEY: key,
    });
    expect(loopback.stderr).not.toMatch(/warning/);
  });
});

describe("the admin command line with the sandbox off", () => {
  it("without AUTH_SECRET and APP_ENCRYPTION_KEY, on a fresh database: refused, and no secret written", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "admin-no-secrets-"));
    dirs.push(dataDir);
    // as `npm run admin` runs from a shell (no NODE_ENV): the server itself would refuse to start in production
    const extra = { EXCHANGE_API_BASE_URL: "https://api.example.com", NODE_ENV: "development" };
    const result = adminCli(["tenants", "list"], { dataDir, extra });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /AUTH_SECRET and APP_ENCRYPTION_KEY are not set: with the sandbox off, the command line makes up no secret/,
    );
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
  });
});
