import { describe, expect, inject, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import {
  consoleFrameSchema,
  consoleExchangePageSchema,
  consoleTenantsSchema,
  consoleUsersSchema,
  simulatorStepsSchema,
  tenantCreatedSchema,
} from "@/lib/dashboard/contract/console-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import {
  clientListSchema,
  clockSchema,
  deliveriesSchema,
  operatorExchangeSchema,
  paymentResultSchema,
} from "@/lib/service-api/operator-contract";
import { exchangeSchema } from "@/lib/service-api/schemas";
import { errorCode, http, parse } from "./harness/api";
import { openSse } from "./harness/sse";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { operator as sandbox } from "./harness/fixtures";

// The simulator's test buttons on a sandbox tenant's pages, and the operator console's API.

const admin = () => DashboardSession.signIn("affiliate@example.com");
const viewer = () => DashboardSession.signIn("viewer@example.com");
const operatorSession = () => DashboardSession.signIn("operator@example.com");

async function indexed(session: DashboardSession, exchangeId: string) {
  for (let i = 0; i < 100; i++) {
    const list = await session.request("GET", "/api/exchanges?limit=100");
    if (JSON.stringify(list.body).includes(exchangeId)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`exchange ${exchangeId} never indexed`);
}

describe("test buttons of a sandbox tenant", () => {
  it("an admin simulates a payment into an order and then each next step; each lands in the audit log", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    const paid = parse(
      paymentResultSchema,
      await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 80, currency: "eur" }),
      201,
    );
    expect(paid.state).toBe("executed");
    await indexed(session, paid.exchange_id);

    const steps = parse(simulatorStepsSchema, await session.request("GET", `/api/exchanges/${paid.exchange_id}/simulate`), 200);
    expect(steps.payout_kind).toBe("coin");
    expect(steps.events.filter((e) => e.allowed).map((e) => e.type)).toEqual(["refund", "broadcast"]);
    expect(steps.events.find((e) => e.type === "confirm")).toMatchObject({ allowed: false, reason: expect.stringMatching(/broadcast/) });

    const broadcast = parse(
      exchangeSchema,
      await session.request("POST", `/api/exchanges/${paid.exchange_id}/simulate`, { type: "broadcast" }),
      200,
    );
    expect(broadcast.payout).toMatchObject({ confirmed: false });
    const confirmed = parse(
      exchangeSchema,
      await session.request("POST", `/api/exchanges/${paid.exchange_id}/simulate`, { type: "confirm", blocks: 2 }),
      200,
    );
    expect(confirmed.payout).toMatchObject({ confirmed: true });
    // served from the index afterwards: the snapshot the step stored
    const listed = await session.request("GET", `/api/exchanges?order_id=${order.id}`);
    expect(JSON.stringify(listed.body)).toContain('"confirmed":true');

    const again = await session.request("POST", `/api/exchanges/${paid.exchange_id}/simulate`, { type: "broadcast" });
    expect([again.status, errorCode(again)]).toEqual([409, "invalid_transition"]);

    const audit = parse(auditPageSchema, await session.request("GET", "/api/audit?limit=10"), 200);
    const mine = audit.data.filter((a) => a.target === paid.exchange_id || a.target === order.id).map((a) => `${a.action}:${a.result}`);
    expect(mine).toEqual([
      "exchanges.simulate:invalid_transition",
      "exchanges.simulate:ok",
      "exchanges.simulate:ok",
      "orders.simulate_payment:ok",
      "orders.create:ok",
    ]);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    for (const body of [
      {},
      { amount: -5, currency: "eur" },
      { amount: 10, currency: "eur", order_id: order.id },
      { amount: 10, currency: "eur", outcome: "maybe" },
    ]) {
      const reply = await session.request("POST", `/api/orders/${order.id}/simulate-payment`, body);
      expect([JSON.stringify(body), reply.status, errorCode(reply)]).toEqual([JSON.stringify(body), 400, "invalid_request"]);
    }
    const none = await session.request("GET", `/api/exchanges?order_id=${order.id}`);
    expect((none.body as { data: unknown[] }).data).toEqual([]);
    const badStep = await session.request("POST", `/api/exchanges/${randomUUID()}/simulate`, { type: "teleport" });
    expect([badStep.status, errorCode(badStep)]).toEqual([400, "invalid_request"]);
  });

  it("viewers and operators may not press them; a cross-origin request is refused", async () => {
    const order = await createOrderVia(await admin());
    for (const session of [await viewer(), await operatorSession()]) {
      const reply = await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 10, currency: "eur" });
      expect([reply.status, errorCode(reply)]).toEqual([403, "forbidden"]);
    }
    const session = await admin();
    const crossSite = await session.request(
      "POST",
      `/api/orders/${order.id}/simulate-payment`,
      { amount: 10, currency: "eur" },
      { origin: "https://evil.example" },
    );
    expect([crossSite.status, errorCode(crossSite)]).toEqual([403, "forbidden"]);
  });
});

describe("the operator console API", () => {
  it("is for operators only", async () => {
    for (const session of [await admin(), await viewer()]) {
      for (const [method, path, body] of [
        ["GET", "/api/operator/tenants", undefined],
        ["GET", "/api/operator/events", undefined],
        ["GET", "/api/operator/users", undefined],
        ["GET", "/api/operator/exchanges", undefined],
        ["GET", "/api/operator/sandbox/deliveries", undefined],
        ["POST", "/api/operator/sandbox/clock", { advance_seconds: 0 }],
        ["POST", "/api/operator/tenants", { name: "x", base_url: "https://x.example", client_id: "x", network: "mainnet" }],
      ] as const) {
        const reply = await session.request(method, path, body);
        expect([path, reply.status, errorCode(reply)]).toEqual([path, 403, "forbidden"]);
      }
    }
    const anonymous = await fetch(`${(await admin()).baseUrl}/api/operator/tenants`);
    expect(anonymous.status).toBe(401);
  });

  it("streams every tenant's notices to the console, without ids", async () => {
    const operator = await operatorSession();
    const stream = await openSse(`${operator.baseUrl}/api/operator/events`, { cookie: operator.cookieHeader });
    try {
      expect(stream.response.status).toBe(200);
      const tenant = parse(
        tenantCreatedSchema,
        await operator.request("POST", "/api/operator/tenants", {
          name: `Live ${randomBytes(3).toString("hex")}`,
          base_url: `${inject("baseUrl")}/sandbox`,
          client_id: (await sandbox().createClient("Live console client")).client_id,
          network: "testnet",
        }),
        201,
      );
      const exchangeId = randomUUID();
      const body = JSON.stringify({ event: "exchange.executed", payload: { exchange_id: exchangeId, order_id: randomUUID() } });
      const received = await http("POST", tenant.webhook_url, {
        raw: body,
        headers: { "content-type": "application/json", "x-signature-256": signBody(body, tenant.webhook_secret) },
      });
      expect(received.status).toBe(200);
      const frame = await stream.waitFor((f) => f.event === "notice" && (f.data ?? "").includes(exchangeId));
      expect(consoleFrameSchema.parse(JSON.parse(frame.data ?? ""))).toEqual({
        tenant_id: tenant.id,
        kind: "webhook",
        exchange_id: exchangeId,
      });
      expect(frame.id).toBeUndefined();
    } finally {
      await stream.close();
    }
  });

  it("lists tenants, users and every tenant's exchanges; creates a tenant and shows its webhook secret once", async () => {
    const op = await operatorSession();
    const before = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data;
    const demo = before.find((t) => t.is_default);
    // the default tenant's endpoint is /webhook, where the demo client delivers
    expect(demo).toMatchObject({ sandbox: true, webhook_url: expect.stringMatching(/:\d+\/webhook$/) });

    const name = `Console ${randomBytes(3).toString("hex")}`;
    // the service is asked first: a client it knows, of this app's sandbox
    const client = await sandbox().createClient(`Console client ${randomBytes(3).toString("hex")}`);
    const created = parse(
      tenantCreatedSchema,
      await op.request("POST", "/api/operator/tenants", {
        name,
        base_url: `${inject("baseUrl")}/sandbox/`,
        client_id: client.client_id,
        network: "mainnet",
      }),
      201,
    );
    expect(created).toMatchObject({ name, base_url: `${inject("baseUrl")}/sandbox`, network: "mainnet", sandbox: true, is_default: false });
    expect(created.webhook_secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const after = parse(consoleTenantsSchema, await op.request("GET", "/api/operator/tenants"), 200).data;
    const { webhook_secret: _secret, ...shown } = created;
    expect(after.find((t) => t.id === created.id)).toEqual(shown);
    expect(JSON.stringify(after)).not.toContain(created.webhook_secret);

    const invalid = await op.request("POST", "/api/operator/tenants", {
      name: "",
      base_url: "ftp://x",
      client_id: "",
      network: "dogecoin",
    });
    expect([invalid.status, errorCode(invalid)]).toEqual([400, "invalid_request"]);

    const users = parse(consoleUsersSchema, await op.request("GET", "/api/operator/users"), 200).data;
    expect(users.find((u) => u.email === "affiliate@example.com")).toMatchObject({
      role: "admin",
      tenant_name: demo?.name,
      disabled: false,
    });
    expect(users.find((u) => u.email === "operator@example.com")).toMatchObject({ role: "operator", tenant_id: null });

    const session = await admin();
    const order = await createOrderVia(session);
    const paid = parse(
      paymentResultSchema,
      await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 33, currency: "eur" }),
      201,
    );
    await indexed(session, paid.exchange_id);
    const page = parse(consoleExchangePageSchema, await op.request("GET", `/api/operator/exchanges?tenant_id=${demo?.id}&limit=100`), 200);
    expect(page.data.find((e) => e.id === paid.exchange_id)).toMatchObject({ tenant_id: demo?.id, tenant_name: demo?.name });
    const empty = parse(consoleExchangePageSchema, await op.request("GET", `/api/operator/exchanges?tenant_id=${created.id}`), 200);
    expect(empty.data).toEqual([]);

    // the console's own actions belong to no tenant's log: the operator's whole log shows them, a tenant's does not
    const all = parse(auditPageSchema, await op.request("GET", "/api/audit?action=tenants.&limit=100"), 200);
    expect(all.data.find((a) => a.target === created.id)).toMatchObject({ action: "tenants.create", result: "ok", tenant_id: null });
    const tenants = parse(auditPageSchema, await session.request("GET", "/api/audit?limit=100"), 200);
    expect(tenants.data.some((a) => a.action === "tenants.create")).toBe(false);
    const oneTenant = parse(auditPageSchema, await op.request("GET", `/api/audit?tenant_id=${demo?.id}&limit=100`), 200);
    expect(oneTenant.data.every((a) => a.tenant_id === demo?.id)).toBe(true);
  });

  it("drives the sandbox: a payment by reference, the next steps, the clock, deliveries, resend and recover", async () => {
    const op = await operatorSession();
    const order = await createOrderVia(await admin(), "chf");
    const reference = order.payment_method.creditor_reference;
    const paid = parse(
      paymentResultSchema,
      await op.request("POST", "/api/operator/sandbox/payments", { creditor_reference: reference, amount: 1200, currency: "chf" }),
      201,
    );
    expect(paid.state).toBe("interrupted");
    const view = parse(operatorExchangeSchema, await op.request("GET", `/api/operator/sandbox/exchanges/${paid.exchange_id}`), 200);
    expect(view.events.filter((e) => e.allowed).map((e) => e.type)).toEqual([
      "identification_approved",
      "identification_rejected",
      "refund",
    ]);
    const approved = parse(
      exchangeSchema,
      await op.request("POST", `/api/operator/sandbox/exchanges/${paid.exchange_id}/events`, { type: "identification_approved" }),
      200,
    );
    expect(approved.executed_on).not.toBeNull();

    const now = parse(clockSchema, await op.request("GET", "/api/operator/sandbox/clock"), 200);
    const later = parse(clockSchema, await op.request("POST", "/api/operator/sandbox/clock", { advance_seconds: 300 }), 200);
    expect(new Date(later.now).getTime() - new Date(now.now).getTime()).toBeGreaterThanOrEqual(300_000);
    const tooFar = await op.request("POST", "/api/operator/sandbox/clock", { advance_seconds: -1 });
    expect([tooFar.status, errorCode(tooFar)]).toEqual([400, "invalid_request"]);

    const clients = parse(clientListSchema, await op.request("GET", "/api/operator/sandbox/clients"), 200).clients;
    const endpoint = clients.flatMap((c) => c.endpoints).find((e) => e.url.endsWith("/webhook"));
    expect(endpoint).toBeDefined();
    let deliveries = parse(
      deliveriesSchema,
      await op.request("GET", `/api/operator/sandbox/deliveries?exchange_id=${paid.exchange_id}`),
      200,
    ).deliveries;
    for (let i = 0; i < 100 && !deliveries.every((d) => d.status === "delivered"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      deliveries = parse(
        deliveriesSchema,
        await op.request("GET", `/api/operator/sandbox/deliveries?exchange_id=${paid.exchange_id}`),
        200,
      ).deliveries;
    }
    expect(deliveries.map((d) => `${d.event}:${d.status}`)).toEqual(["exchange.executed:delivered", "exchange.interrupted:delivered"]);
    const resent = parse(
      deliveriesSchema.shape.deliveries._zod.def.element,
      await op.request("POST", `/api/operator/sandbox/deliveries/${deliveries[0]?.id}/resend`, {}),
      200,
    );
    expect(resent.attempts).toBe(2);
    const recovered = await op.request("POST", "/api/operator/sandbox/deliveries/recover", { endpoint_id: endpoint?.id, since: now.now });
    expect([recovered.status, recovered.body]).toEqual([200, { recovered: 0 }]);
    const badFilter = await op.request("GET", "/api/operator/sandbox/deliveries?status=lost");
    expect([badFilter.status, errorCode(badFilter)]).toEqual([400, "invalid_request"]);
  });
});
