import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import { errorCode, parse } from "./harness/api";
import { freePort } from "./harness/app-server";
import { Forwarder } from "./harness/forwarder";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { operator } from "./harness/fixtures";
import { inviteAndJoin } from "./harness/invitations";
import { allLogs, logDir } from "./harness/secret-scan";

// The exchange service out of reach, the dashboard up: the exchange and order pages show what
// the dashboard stored, under a banner that says since when the service fails and when the data
// was taken; every failed call is logged with its route, status and tenant; and a payment made
// meanwhile is there once the service answers again. The tenant's service is the sandbox behind
// a forwarder that this test stops and starts.

let forwarder: Forwarder | undefined;
afterAll(() => forwarder?.stop());

describe("the exchange service out of reach", () => {
  it("pages show what is stored under a banner, failed calls are logged, and a payment made meanwhile arrives once back", async () => {
    forwarder = new Forwarder(await freePort(), new URL(inject("baseUrl")));
    await forwarder.start();
    const port = forwarder.port;
    const op = await DashboardSession.signIn("operator@example.com");
    const client = await operator().createClient(`Outage ${randomBytes(3).toString("hex")}`);
    const tenant = parse(
      tenantCreatedSchema,
      await op.request("POST", "/api/operator/tenants", {
        name: `Outage ${randomBytes(3).toString("hex")}`,
        base_url: `http://127.0.0.1:${port}/sandbox`,
        client_id: client.client_id,
        network: "testnet",
      }),
      201,
    );
    const registered = await operator().request("PUT", `/clients/${client.client_id}/webhook-endpoints`, {
      endpoints: [{ url: tenant.webhook_url, secret: tenant.webhook_secret }],
    });
    expect(registered.status).toBe(200);
    const member = await inviteAndJoin(op, "admin", { path: `/api/settings/team?tenant_id=${tenant.id}` });
    const admin = await DashboardSession.signIn(member.email, member.password);
    const order = await createOrderVia(admin);
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 80, currency: "eur" });
    await expect.poll(async () => (await admin.request("GET", `/api/exchanges/${exchange_id}`)).status, { timeout: 15_000 }).toBe(200);

    await forwarder.stop();
    const page = async (path: string) => {
      const response = await fetch(`${inject("baseUrl")}${path}`, { headers: { cookie: admin.cookieHeader } });
      return { status: response.status, html: await response.text() };
    };
    for (const path of [`/exchanges/${exchange_id}`, `/orders/${order.id}`]) {
      // a snapshot of the last two seconds is shown without asking the service; past that, it asks
      await expect.poll(async () => (await page(path)).html.includes("data-service-unreachable"), { timeout: 10_000 }).toBe(true);
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shown.html, path).toContain("data-service-unreachable");
      expect(shown.html, path).toContain("cannot be reached since");
      // the header tells the service's state apart from the live stream's
      expect(shown.html, path).toContain('data-service-status="unreachable"');
      // the stored data, not an error in its place
      expect(shown.html, path).toContain(path.startsWith("/orders") ? order.payment_method.creditor_reference : exchange_id.slice(0, 8));
    }
    // the API says what happened, as before: its clients decide themselves
    const api = await admin.request("GET", `/api/exchanges/${exchange_id}`, undefined, { "cache-control": "no-cache" });
    expect([api.status, errorCode(api)]).toEqual([502, "upstream_unavailable"]);
    const failed = allLogs(logDir() ?? "")
      .split("\n")
      .filter((line) => line.includes("a call to the exchange service failed") && line.includes(tenant.id));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.join("\n")).toContain('"route":"/v1/exchanges/{id}"');
    expect(failed.join("\n")).not.toContain(client.client_id);

    // a payment while the service is out of reach: its webhook arrives, its snapshot waits
    const { exchange_id: during } = await operator().pay({ order_id: order.id, amount: 90, currency: "eur" });
    await forwarder.start();
    await expect.poll(async () => (await admin.request("GET", `/api/exchanges/${during}`)).status, { timeout: 20_000 }).toBe(200);
    await expect
      .poll(async () => (await page(`/exchanges/${exchange_id}`)).html.includes("data-service-unreachable"), { timeout: 10_000 })
      .toBe(false);
    expect((await page(`/exchanges/${exchange_id}`)).html).not.toContain('data-service-status="unreachable"');
  }, 90_000);
});
