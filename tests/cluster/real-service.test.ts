import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicViewSchema } from "@/lib/dashboard/contract/dashboard-api";
import { adminCli } from "../integration/harness/admin-cli";
import { OperatorApi, errorCode, http, parse } from "../integration/harness/api";
import { freePort, removeDir, startApp, type RunningApp } from "../integration/harness/app-server";
import { createOrderVia, DashboardSession } from "../integration/harness/dashboard";
import { IBAN_DE, proofMessage } from "../integration/harness/fixtures";
import { openSse } from "../integration/harness/sse";
import { lightningNode, makeInvoice } from "../integration/harness/wallet";

// The deployment an affiliate operates, from docs/operations.md ("From nothing to a live
// tenant"): the dashboard D in production (sandbox off, its own secrets and database) whose
// tenant's service is S, another instance standing in for the exchange service (its sandbox),
// each with a database of its own. The command line without D's environment refuses; a tenant
// with a client_id the service refuses is refused; then the whole walk across the two (challenge,
// signed order, payment, signed webhook, live update in Chromium, a Lightning payout through D's
// public page); the service stopped for 20 s (D shows what it stored, logs and counts the failed
// calls, loses nothing); twelve tabs of D over HTTP/1.1, each updating live.

const operatorKey = `sk_op_real_${randomBytes(8).toString("hex")}`;
const production = {
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  METRICS_TOKEN: `metrics_${randomBytes(12).toString("hex")}`,
};
const adminPassword = `admin-${randomBytes(8).toString("hex")}`;
let service: RunningApp;
let dashboard: RunningApp;
let dashboardPort = 0;
let servicePort = 0;
let browser: Browser;
let tenantId = "";
let clientId = "";

const dashboardEnv = () => ({
  ...production,
  SANDBOX_ENABLED: "false",
  EXCHANGE_API_BASE_URL: `http://127.0.0.1:${servicePort}/sandbox`,
  // the service is another instance's sandbox, on this machine's loopback (docs/operations.md)
  UPSTREAM_ALLOW_PRIVATE: "true",
  APP_URL: `http://127.0.0.1:${dashboardPort}`,
  ALLOW_INSECURE_HTTP: "true",
});
const sandbox = () => new OperatorApi(operatorKey, `http://127.0.0.1:${servicePort}/sandbox`);
const startService = async (dataDir?: string) =>
  (service = await startApp({ operatorKey, dataDir, port: servicePort, env: { SANDBOX_DEMO_ACTIVITY: "false" } }));
const startDashboard = async (dataDir?: string) =>
  (dashboard = await startApp({ operatorKey, dataDir, port: dashboardPort, env: dashboardEnv(), readyPath: "/api/health" }));

beforeAll(async () => {
  [servicePort, dashboardPort] = await Promise.all([freePort(), freePort()]);
  await startService();
  // D's first start records its key's check value in its database; PGlite is then D's alone
  await startDashboard();
  await dashboard.stop();
  const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p) => p && existsSync(p));
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dashboard?.stop();
  await service?.stop();
  if (dashboard) removeDir(dashboard.dataDir);
  if (service) removeDir(service.dataDir);
});

describe("the dashboard against a real service, set up from the docs", () => {
  it("the command line refuses to run without D's environment, and refuses a client_id the service refuses", async () => {
    const bare = adminCli(["tenants", "list"], { dataDir: dashboard.dataDir });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toContain("APP_ENCRYPTION_KEY is not set, and this database holds data sealed with one");
    expect(existsSync(path.join(dashboard.dataDir, "secrets.json"))).toBe(false);

    const env = {
      dataDir: dashboard.dataDir,
      encryptionKey: production.APP_ENCRYPTION_KEY,
      authSecret: production.AUTH_SECRET,
      extra: { UPSTREAM_ALLOW_PRIVATE: "true" },
    };
    const base = `http://127.0.0.1:${servicePort}/sandbox`;
    const madeUp = adminCli(
      ["tenants", "add", "--name", "ACME", "--base-url", base, "--client-id", "made-up", "--network", "testnet"],
      env,
    );
    expect([madeUp.status, madeUp.stderr]).toEqual([1, expect.stringContaining("--client-id: The service refused it")]);

    clientId = (await sandbox().createClient("ACME")).client_id;
    const added = adminCli(["tenants", "add", "--name", "ACME", "--base-url", base, "--client-id", clientId, "--network", "testnet"], env);
    expect(added.status, added.stderr).toBe(0);
    tenantId = /id ([0-9a-f-]{36})/.exec(added.stdout)?.[1] ?? "";
    const webhookPath = /\/webhook\/[A-Za-z0-9_-]+/.exec(added.stdout)?.[0] ?? "";
    const secret = /webhook secret: (\S+)/.exec(added.stdout)?.[1] ?? "";
    const user = adminCli(
      ["users", "add", "--email", "lead@acme.example", "--role", "admin", "--tenant", tenantId, "--password", adminPassword],
      env,
    );
    expect(user.status, user.stderr).toBe(0);
    // an operator without a second factor is told that operators need one in production
    const operator = adminCli(["users", "add", "--email", "ops@example.com", "--role", "operator", "--password", adminPassword], env);
    expect(operator.status, operator.stderr).toBe(0);
    await startDashboard(dashboard.dataDir);
    const ops = await DashboardSession.signIn("ops@example.com", adminPassword, { baseUrl: dashboard.baseUrl });
    const account = await (await fetch(`${dashboard.baseUrl}/account`, { headers: { cookie: ops.cookieHeader } })).text();
    expect(account).toContain("Operators need a second factor in production");
    // the service's operator registers D's endpoint and the secret D made
    const registered = await sandbox().request("PUT", `/clients/${clientId}/webhook-endpoints`, {
      endpoints: [{ url: `${dashboard.baseUrl}${webhookPath}`, secret }],
    });
    expect(registered.status).toBe(200);
    // nothing of a sandbox in D: its paths answer 404 pointing at D's own reference, which speaks of no sandbox
    const sandboxPath = await http("GET", `${dashboard.baseUrl}/sandbox/openapi.json`);
    expect([sandboxPath.status, (sandboxPath.body as { documentation_uri: string }).documentation_uri]).toEqual([
      404,
      `${dashboard.baseUrl}/docs/errors#not_found`,
    ]);
    const reference = await (await fetch(`${dashboard.baseUrl}/docs/errors`)).text();
    expect(reference).not.toContain("sandbox API");
    expect(reference).not.toContain("invalid_transition");
  }, 120_000);

  it("the whole walk: challenge, signed order, payment, signed webhook, a live page in Chromium, a Lightning payout", async () => {
    const admin = await DashboardSession.signIn("lead@acme.example", adminPassword, { baseUrl: dashboard.baseUrl });
    const context = await browser.newContext();
    const [name, value] = admin.cookieHeader.split("=");
    await context.addCookies([{ name: name ?? "", value: value ?? "", url: dashboard.baseUrl }]);
    const tab = await context.newPage();
    try {
      const order = await createOrderVia(admin);
      await tab.goto(`${dashboard.baseUrl}/orders/${order.id}`);
      await expect.poll(() => tab.locator('[data-live-status="connected"]').count(), { timeout: 15_000 }).toBe(1);
      const { exchange_id } = await sandbox().pay({ order_id: order.id, amount: 120, currency: "eur" });
      // the signed webhook from S reaches D, and the open page shows the exchange without a reload
      await expect.poll(() => tab.locator(`[data-exchange-id="${exchange_id}"]`).count(), { timeout: 15_000 }).toBeGreaterThan(0);

      // a Lightning order through D, paid on S, its payout link on D, an invoice from the end user's wallet
      const node = lightningNode(`real ${randomBytes(4).toString("hex")}`);
      const challenge = (await admin.request("POST", "/api/challenges", {})).body as { token: string };
      const message = proofMessage(challenge.token);
      const lightning = await admin.request("POST", "/api/orders", {
        fee_rate: 0.02,
        payment_method: { currency: "eur", debitor_iban: IBAN_DE },
        payout_method: { node_pubkey: node.pubkey, message, signature: node.sign(message) },
      });
      expect(lightning.status).toBe(201);
      const paid = await sandbox().pay({ order_id: (lightning.body as { id: string }).id, amount: 60, currency: "eur" });
      await expect
        .poll(async () => (await admin.request("GET", `/api/exchanges/${paid.exchange_id}`)).status, { timeout: 15_000 })
        .toBe(200);
      const link = await admin.request("POST", `/api/exchanges/${paid.exchange_id}/payout-link`, {});
      expect(link.status).toBe(201);
      const token = (link.body as { url: string }).url.split("/pay/")[1] ?? "";
      const view = parse(publicViewSchema, await http("GET", `${dashboard.baseUrl}/api/pay/${token}`), 200);
      // the exchange's amount less the invoice offer's fee, exactly (the service checks it)
      const sats = (view.amount_sats ?? 0) - (view.offers?.invoice?.fee_sats ?? 0);
      const invoice = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await sandbox().now() });
      const sent = await http("POST", `${dashboard.baseUrl}/api/pay/${token}/invoice`, { body: { invoice: invoice.invoice } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect((await sandbox().drive(paid.exchange_id, { type: "invoice_paid", preimage: invoice.preimage })).status).toBe(200);
      await expect
        .poll(async () => parse(publicViewSchema, await http("GET", `${dashboard.baseUrl}/api/pay/${token}`), 200).status, {
          timeout: 15_000,
        })
        .toBe("paid");
    } finally {
      await context.close();
    }
  }, 120_000);

  it("the service stopped for 20 s: D shows what it stored under a banner, logs and counts failed calls, loses nothing", async () => {
    const admin = await DashboardSession.signIn("lead@acme.example", adminPassword, { baseUrl: dashboard.baseUrl });
    const order = await createOrderVia(admin);
    const { exchange_id } = await sandbox().pay({ order_id: order.id, amount: 70, currency: "eur" });
    await expect.poll(async () => (await admin.request("GET", `/api/exchanges/${exchange_id}`)).status, { timeout: 15_000 }).toBe(200);
    const stream = await openSse(`${dashboard.baseUrl}/api/events`, { cookie: admin.cookieHeader });
    await stream.waitFor((f) => f.comment === "connected");

    await service.stop();
    const stoppedAt = Date.now();
    const page = async (p: string) => (await fetch(`${dashboard.baseUrl}${p}`, { headers: { cookie: admin.cookieHeader } })).text();
    await expect
      .poll(async () => (await page(`/exchanges/${exchange_id}`)).includes("data-service-unreachable"), { timeout: 10_000 })
      .toBe(true);
    expect(await page(`/orders/${order.id}`)).toContain("data-service-unreachable");
    const api = await admin.request("GET", `/api/exchanges/${exchange_id}`, undefined, { "cache-control": "no-cache" });
    expect([api.status, errorCode(api)]).toEqual([502, "upstream_unavailable"]);
    expect(dashboard.output()).toContain("a call to the exchange service failed");
    const metrics = await (
      await fetch(`${dashboard.baseUrl}/metrics`, { headers: { authorization: `Bearer ${production.METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/dashboard_upstream_calls_total\{route="\/v1\/exchanges\/\{id\}",outcome="failed"\} [1-9]/);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20_000 - (Date.now() - stoppedAt))));

    await startService(service.dataDir);
    // the payment the service then executes arrives on the stream that stayed open all along (it is
    // D's, not the service's), and the page is whole again
    const later = await sandbox().pay({ order_id: order.id, amount: 75, currency: "eur" });
    await stream.waitFor((f) => f.event === "webhook" && (f.data ?? "").includes(later.exchange_id), 30_000);
    await expect
      .poll(async () => (await page(`/exchanges/${exchange_id}`)).includes("data-service-unreachable"), { timeout: 15_000 })
      .toBe(false);
    await stream.close();
  }, 120_000);

  it("twelve tabs of D over HTTP/1.1 each load and update live", async () => {
    const admin = await DashboardSession.signIn("lead@acme.example", adminPassword, { baseUrl: dashboard.baseUrl });
    const order = await createOrderVia(admin);
    const context = await browser.newContext();
    const [name, value] = admin.cookieHeader.split("=");
    await context.addCookies([{ name: name ?? "", value: value ?? "", url: dashboard.baseUrl }]);
    try {
      const tabs = [];
      for (let i = 0; i < 12; i++) {
        const tab = await context.newPage();
        await tab.goto(`${dashboard.baseUrl}/exchanges?order_id=${order.id}`);
        tabs.push(tab);
      }
      for (const tab of tabs) await expect.poll(() => tab.locator('[data-live-status="connected"]').count(), { timeout: 15_000 }).toBe(1);
      const { exchange_id } = await sandbox().pay({ order_id: order.id, amount: 50, currency: "eur" });
      for (const tab of tabs) {
        await expect.poll(() => tab.locator(`tr[data-exchange-id="${exchange_id}"]`).count(), { timeout: 15_000 }).toBe(1);
      }
    } finally {
      await context.close();
    }
  }, 120_000);
});
