import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { exchangePageSchema, healthSchema, overviewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { agreementsSchema, earningsReportSchema } from "@/lib/dashboard/contract/reports-api";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import { http, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";
import { addDays, dayIn } from "@/lib/dashboard/lists/date-range";

// A fresh demo database is not an empty screen: weeks of example activity are made through the
// sandbox's own API (its clock started in the past and moved forward day by day) and reach the
// dashboard over the real webhook path; the overview opens with items that need attention and
// the reports with earnings.

const password = "demo-activity-password-1";

/** The server's warnings and errors (pino's levels 40 and up), for a failure to say why. */
const complaints = (output: string) =>
  output
    .split("\n")
    .filter((line) => /"level":(4|5|6)\d/.test(line))
    .join("\n");

/** Every exchange, once the dashboard holds a snapshot of each and the attention queue has its two items. */
async function settledList(session: DashboardSession, made: number, app: RunningApp) {
  let last = "";
  for (let i = 0; i < 1800; i++) {
    const page = parse(exchangePageSchema, await session.request("GET", "/api/exchanges?limit=100"), 200);
    const overview = parse(overviewSchema, await session.request("GET", "/api/overview"), 200);
    const snapshots = page.data.length >= made && page.data.every((e) => e.exchange !== null);
    if (snapshots && overview.attention.count === 2) return { items: page.data, overview };
    const stale = page.data.filter((e) => e.exchange === null).map((e) => e.id);
    last =
      `${page.data.length} of ${made} exchanges, ${stale.length} without a snapshot (${stale.slice(0, 5).join(", ")}), ` +
      `attention ${overview.attention.count}: ${overview.attention.items.map((e) => e.attention).join(", ")}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the example activity never arrived (${last}); the server said:\n${complaints(app.output())}`);
}

/** A fresh app with the example activity on: on a scratch PostgreSQL database where the suite has one, unless `pglite`. */
async function startDemo({ pglite = false } = {}) {
  const databaseUrl = pglite ? undefined : inject("databaseUrl");
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `demo_${randomBytes(4).toString("hex")}`) : undefined;
  const operatorKey = `sk_op_demo_${randomBytes(8).toString("hex")}`;
  const env = { SANDBOX_DEMO_ACTIVITY: "true", DEMO_PASSWORD: password };
  const app = await startApp({ operatorKey, databaseUrl: scratch, env });
  /** The same app's data started again. */
  const restart = (stopped: RunningApp) =>
    startApp({ operatorKey, databaseUrl: scratch, dataDir: stopped.dataDir, port: stopped.port, env });
  return { app, scratch, operatorKey, restart };
}

/** How many days the sandbox's clock is behind the present, as its operator API reads it. */
const daysBehindOf = (app: RunningApp, operatorKey: string) => async () =>
  (Date.now() - Date.parse((await new SandboxOperatorClient(`${app.baseUrl}/sandbox`, operatorKey).clock(0)).now)) / 86_400_000;

describe("SANDBOX_DEMO_ACTIVITY", () => {
  it("on a fresh database: weeks of every state, through webhooks, attention at once, earnings; not again on restart", async () => {
    const demo = await startDemo();
    const { scratch, operatorKey } = demo;
    let app = demo.app;
    try {
      const session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
      // the server says when it has made the activity; then the dashboard holds what its webhooks said
      const made = /example activity: (\d+) exchanges over 35 days/;
      // or that it could not, with why: the test then fails at once, saying it
      const failed = /.*could not make the example activity.*/;
      // while it is made, /api/health and every page say so and how far it is
      const health = async () => parse(healthSchema, await http("GET", `${app.baseUrl}/api/health`), 200);
      const during = await health();
      expect(during.example_activity).toMatchObject({ done_percent: expect.any(Number), sandbox_clock: expect.any(String) });
      const page = await fetch(`${app.baseUrl}/`, { headers: { cookie: session.cookieHeader } });
      expect(await page.text()).toContain("Example data is being made");
      await expect.poll(() => made.test(app.output()) || failed.test(app.output()), { timeout: 180_000, interval: 200 }).toBe(true);
      expect(app.output().match(failed)?.[0] ?? null).toBeNull();
      expect((await health()).example_activity).toBeUndefined();
      const count = Number(app.output().match(made)?.[1]);
      expect(count).toBeGreaterThanOrEqual(60);
      const { items, overview } = await settledList(session, count, app);
      expect(items).toHaveLength(count);
      const states = new Set(items.map((e) => e.state));
      expect(states).toEqual(new Set(["executed", "interrupted", "refunded", "settled"]));
      const reasons = new Set(items.flatMap((e) => (e.state === "refunded" ? [e.exchange?.reason?.code] : [])));
      expect(reasons).toEqual(new Set(["companies_unsupported", "country_unsupported"]));
      expect(new Set(items.map((e) => e.exchange?.pair))).toEqual(new Set(["btc/eur", "btc/chf", "btc/gbp"]));
      // executed on 30 and more days, the first weeks ago on the service's clock, which is at the present again
      const days = new Set(items.flatMap((e) => (e.exchange?.executed_on ? [e.exchange.executed_on.slice(0, 10)] : [])));
      expect(days.size).toBeGreaterThanOrEqual(30);
      const clock = new Date((await new SandboxOperatorClient(`${app.baseUrl}/sandbox`, operatorKey).clock(0)).now);
      expect(Math.abs(clock.getTime() - Date.now())).toBeLessThan(60_000);
      // confirmed payouts and an unconfirmed one; a Lightning payout awaiting the end user
      const payouts = items.flatMap((e) => (e.exchange?.payout && "confirmed" in e.exchange.payout ? [e.exchange.payout.confirmed] : []));
      expect(payouts.filter((confirmed) => !confirmed)).toHaveLength(1);
      expect(payouts.filter((confirmed) => confirmed).length).toBeGreaterThan(40);

      // what needs attention at once: an identification pending for days, the Lightning payout waiting for hours
      expect(overview.attention.items.map((e) => e.attention).sort()).toEqual(["identification_overdue", "payout_unclaimed"]);
      expect(overview.daily.length).toBeGreaterThanOrEqual(30);
      // the agreements have shares: the 30 days' reports show earnings on both
      const to = overview.today;
      const from = new Date(Date.parse(to) - 40 * 86_400_000).toISOString().slice(0, 10);
      const report = parse(earningsReportSchema, await session.request("GET", `/api/reports/earnings?from=${from}&to=${to}`), 200);
      expect(new Set(report.rows.map((r) => r.label))).toEqual(new Set(["Web shop", "Partner app"]));
      for (const row of report.rows) expect(Number(row.earnings), row.label).toBeGreaterThan(0);

      // each exchange dated on the service's clock, over the five weeks (the dashboard saw them all in a minute)
      const serviceDays = new Set(items.map((e) => dayIn("Europe/Zurich", new Date(e.service_at))));
      expect(serviceDays.size).toBeGreaterThanOrEqual(30);
      const week = parse(exchangePageSchema, await session.request("GET", "/api/exchanges?range=7d&limit=100"), 200);
      expect(week.total).toBeGreaterThan(0);
      expect(week.total).toBeLessThan(count / 2);
      const weekAgo = addDays(dayIn("Europe/Zurich", new Date()), -6);
      for (const e of week.data) expect(dayIn("Europe/Zurich", new Date(e.service_at)) >= weekAgo, e.service_at).toBe(true);
      // newest first by that time, page after page
      const sorted = items.map((e) => e.service_at);
      expect(sorted).toEqual([...sorted].sort().reverse());
      // the identification pending over 48 h is dated more than 48 h back
      const pending = overview.attention.items.find((e) => e.attention === "identification_overdue");
      expect(Date.now() - Date.parse(pending?.service_at ?? "")).toBeGreaterThan(48 * 3_600_000);

      // as a person sees it, in Chromium: the queue on the overview, the earnings on the reports, the sandbox's banner; the
      // exchanges dated by the service: Last 7 days narrows them, one word in the sort menu and the header

      const browser = await chromium.launch({
        executablePath: "/usr/bin/chromium",
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await page.goto(`${app.baseUrl}/login`);
        await page.getByLabel("Email").fill("affiliate@example.com");
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.waitForURL((url) => !url.pathname.startsWith("/login"));
        await page.getByRole("heading", { name: "Needs attention (2)" }).waitFor();
        await page.getByText("Lightning payout unclaimed for more than 1 h").waitFor();
        await page.getByTestId("sandbox-banner").waitFor();
        await page.goto(`${app.baseUrl}/reports`);
        const earnings = page.getByText(/^Earnings$/).first();
        await earnings.waitFor();
        const totals = await page
          .locator("section, div")
          .filter({ hasText: /^Total in EUR/ })
          .first()
          .innerText();
        expect(totals).toMatch(/Earnings\s*€[1-9]/);
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${app.baseUrl}/exchanges`);
        await page.getByTestId("list-total").getByText(`${count} results`).waitFor();
        await page.getByLabel("Date range").selectOption("7d");
        await page.waitForURL(/range=7d/);
        await page.getByTestId("list-total").getByText(`${week.total} results`).waitFor();
        // the sort menu (phones) names the column as its header does
        const header = (await page.getByRole("columnheader", { name: /^Date/ }).innerText()).replace(/[↓↑↕]/g, "").trim();
        expect(header.toLowerCase()).toBe("date");
        await page.setViewportSize({ width: 390, height: 800 });
        const options = await page.getByLabel("Sort by").locator("option").allInnerTexts();
        expect(options).toContain("Date, descending");
        expect(options.join(" ")).not.toMatch(/Created|First seen/);
      } finally {
        await browser.close();
      }

      await app.stop();
      app = await demo.restart(app);
      const again = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
      await new Promise((r) => setTimeout(r, 1_000));
      const after = parse(exchangePageSchema, await again.request("GET", "/api/exchanges?limit=100"), 200);
      expect(after.data).toHaveLength(count);
      expect(app.output()).not.toContain("example activity");
    } finally {
      await app.stop();
      if (!scratch) removeDir(app.dataDir);
    }
  }, 300_000);

  it("stopped while it is made (SIGTERM): a warning, not an error; the clock at the present after, not made again", async () => {
    const demo = await startDemo();
    let app = demo.app;
    try {
      const daysBehind = daysBehindOf(app, demo.operatorKey);
      // the activity is under way once it moved the clock from 35 days back, and far from done while it is weeks back
      await expect.poll(daysBehind, { timeout: 60_000, interval: 100 }).toBeLessThan(34.9);
      const behind = await daysBehind();
      expect(behind, "the activity ended before the stop").toBeGreaterThan(5);
      await app.stop("SIGTERM");
      const first = app.output();
      expect(first).toContain("drained: exiting");
      expect(first).not.toContain("could not make the example activity");
      expect(first).toMatch(/example activity was cut short by the stop/);
      // the snapshot refreshes its webhooks left are not tried against the sandbox that stopped with the server
      expect(first).not.toContain("refreshing an exchange failed");

      app = await demo.restart(app);
      // the sandbox's clock is not left weeks behind: what happens from now on is dated today
      expect(Math.abs(await daysBehind())).toBeLessThan(60_000 / 86_400_000);
      // the exchanges made before the stop stay, and the agreements' shares set as it began; it is not made again over them
      expect(app.output()).not.toContain("example activity");
      const session = await DashboardSession.signIn("affiliate@example.com", password, { baseUrl: app.baseUrl });
      const agreements = parse(agreementsSchema, await session.request("GET", "/api/agreements"), 200);
      expect(agreements.data.flatMap((a) => (a.label ? [a.label] : [])).sort()).toEqual(["Partner app", "Web shop"]);
    } finally {
      await app.stop();
      if (!demo.scratch) removeDir(app.dataDir);
    }
  }, 300_000);

  it("killed while it is made (kill -9, PGlite): the next start finds the clock behind and puts it at the present", async () => {
    // PGlite is one process's database, so a clock found behind at a later start can only be a run that died
    const demo = await startDemo({ pglite: true });
    let app = demo.app;
    try {
      const daysBehind = daysBehindOf(app, demo.operatorKey);
      await expect.poll(daysBehind, { timeout: 60_000, interval: 100 }).toBeLessThan(34.9);
      expect(await daysBehind(), "the activity ended before the kill").toBeGreaterThan(5);
      await app.stop("SIGKILL");

      app = await demo.restart(app);
      expect(Math.abs(await daysBehind())).toBeLessThan(60_000 / 86_400_000);
      expect(app.output()).toMatch(/the sandbox's clock was left behind/);
      expect(app.output()).not.toContain("example activity:");
    } finally {
      await app.stop();
      removeDir(app.dataDir);
    }
  }, 300_000);
});
