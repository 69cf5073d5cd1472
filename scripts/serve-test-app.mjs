// The app for the end-to-end suite: the production build on its own port and empty PGlite.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "exchange-e2e-"));
const port = process.env.E2E_PORT ?? "3210";
const child = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SANDBOX_OPERATOR_KEY: process.env.E2E_OPERATOR_KEY ?? "sk_op_e2e_operator_key_000000",
    DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD ?? "e2e-demo-password-1",
    SANDBOX_DEMO_ACTIVITY: "false",
    // the forwarding test's receiver listens on 127.0.0.1
    FORWARDING_ALLOW_PRIVATE: "true",
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
