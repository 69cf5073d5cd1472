// npm test: unit tests, a fresh production build, the integration suite against it
// (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), then end-to-end tests in Chromium.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(title, args, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const vitest = bin("vitest", "vitest.mjs");
run("unit tests", [vitest, "run", "--project", "unit"]);
run("production build", [bin("next", "dist/bin/next"), "build"], { NODE_ENV: "production" });
run("integration tests (PGlite)", [vitest, "run", "--project", "integration"], { TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) {
  run("integration tests (PostgreSQL)", [vitest, "run", "--project", "integration"]);
}
run("end-to-end tests (Chromium)", [bin("@playwright/test", "cli.js"), "test"]);
console.log("\nAll suites passed.");
