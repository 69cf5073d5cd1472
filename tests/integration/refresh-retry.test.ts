import { createHmac, randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ClientApi } from "./harness/api";
import { freePort } from "./harness/app-server";
import { Forwarder } from "./harness/forwarder";
import { DashboardSession } from "./harness/dashboard";
import { eventBody } from "./harness/events";
import { coinOrder, operator } from "./harness/fixtures";
import { openSse } from "./harness/sse";

// A snapshot refresh that fails for a passing reason is tried again with backoff, so that an
// exchange does not stay stale after the service was out of reach. Here the service is reached
// through a port where nothing listens at first (connections refused, as during a failover), and
// where a plain forwarder to the sandbox starts listening a moment after the webhook.

let forwarder: Forwarder | undefined;
afterAll(() => forwarder?.stop());

describe("a snapshot refresh while the service is out of reach", () => {
  it("is tried again until the service answers, then stored and announced", async () => {
    const op = await DashboardSession.signIn("operator@example.com");
    forwarder = new Forwarder(await freePort(), new URL(inject("baseUrl")));
    const port = forwarder.port;
    // the service is asked before a tenant is stored: reachable then, out of reach right after
    await forwarder.start();
    const created = await op.request("POST", "/api/operator/tenants", {
      name: `Failover ${randomUUID().slice(0, 8)}`,
      base_url: `http://127.0.0.1:${port}/sandbox`,
      client_id: inject("demoClientId"),
      network: "testnet",
    });
    expect(created.status).toBe(201);
    await forwarder.stop();
    const tenant = created.body as { id: string; webhook_url: string; webhook_secret: string };
    const { order } = await coinOrder(new ClientApi(inject("demoClientId")));
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 30, currency: "eur" });

    const stream = await openSse(`${inject("baseUrl")}/api/events?tenant_id=${tenant.id}`, { cookie: op.cookieHeader });
    await stream.waitFor((f) => f.comment === "connected");
    const body = eventBody("exchange.refunded", { exchange_id });
    const delivered = await fetch(`${inject("baseUrl")}${new URL(tenant.webhook_url).pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature-256": `sha256=${createHmac("sha256", tenant.webhook_secret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(delivered.status).toBe(200);
    await delivered.arrayBuffer();

    // the first attempts are refused; the service comes back after them
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stream.frames.some((f) => f.event === "snapshot")).toBe(false);
    await forwarder.start();
    const snapshot = await stream.waitFor((f) => f.event === "snapshot" && (f.data ?? "").includes(exchange_id), 20_000);
    expect(JSON.parse(snapshot.data ?? "{}")).toMatchObject({ exchange_id });
    await stream.close();
  }, 60_000);
});
