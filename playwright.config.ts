import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), else Playwright's own.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const port = process.env.E2E_PORT ?? "3210";
// The long form (E2E_FULL=1) walks every language at both widths. The fast form, the default
// (npm test, CI), walks each language's tests (tagged @lang-xx, see e2e/catalogue.ts) at one
// width: English and French on the desktop, German and Italian on the phone. Every other test
// runs at both widths in either form.
const full = process.env.E2E_FULL === "1";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  // an audited flow runs a dozen axe audits, each a second or two on a busy 2-core machine
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-quic",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: full ? undefined : /@lang-(de|it)\b/ },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, grepInvert: full ? undefined : /@lang-(en|fr)\b/ },
  ],
  webServer: {
    command: "node scripts/serve-test-app.mjs",
    url: `http://127.0.0.1:${port}/sandbox/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: port },
  },
});
