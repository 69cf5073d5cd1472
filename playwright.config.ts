import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), else Playwright's own.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const port = process.env.E2E_PORT ?? "3210";

// The long form (E2E_FULL=1) runs every test at both widths. The fast form, the default (npm
// test, CI), runs each at one width (docs/testing.md):
// - a spec that walks languages (its tests tagged @lang-xx, e2e/catalogue.ts): English and French
//   on the desktop, German and Italian on the phone;
// - what people do on a phone (an end user's payout, a Lightning payment, a scan, a second factor,
//   the inbox, sessions) at the phone's width; the layout and accessibility specs at both;
// - everything else on the desktop.
const full = process.env.E2E_FULL === "1";
const phoneSpecs = [
  "payout-page",
  "payout-links",
  "lightning",
  "scan-invoice",
  "notifications",
  "second-factors",
  "many-tabs",
  "toasts",
  "sign-in-redirect",
  "session-revoked",
  "filters",
  "missing-pages",
];
const bothSpecs = [
  "layout",
  "accessibility",
  ...readdirSync("e2e").flatMap((file) =>
    file.endsWith(".spec.ts") && readFileSync(`e2e/${file}`, "utf8").includes("languageTag(") ? [file.replace(".spec.ts", "")] : [],
  ),
];
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

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
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      // a test tagged @phone is about a phone alone (its touch screen, its width): never on the desktop
      ...(full ? { grepInvert: /@phone\b/ } : { grepInvert: /@lang-(de|it)\b|@phone\b/, testIgnore: specs(phoneSpecs) }),
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      ...(full ? {} : { grepInvert: /@lang-(en|fr)\b/, testMatch: specs([...phoneSpecs, ...bothSpecs]) }),
    },
  ],
  webServer: {
    command: "node scripts/serve-test-app.mjs",
    url: `http://127.0.0.1:${port}/sandbox/openapi.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: port },
  },
});
