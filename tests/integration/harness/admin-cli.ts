import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/** Runs `npm run admin -- …` (the real CLI) against an app's data directory or database. */
export function adminCli(
  args: string[],
  env: { dataDir: string; databaseUrl?: string; encryptionKey?: string; authSecret?: string; extra?: Record<string, string> },
) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      "--tsconfig",
      "tsconfig.json",
      "scripts/admin.ts",
      ...args,
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: env.dataDir,
        ...(env.encryptionKey ? { APP_ENCRYPTION_KEY: env.encryptionKey } : {}),
        ...(env.authSecret ? { AUTH_SECRET: env.authSecret } : {}),
        ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
        ...env.extra,
      },
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
