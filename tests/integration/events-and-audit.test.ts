import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import { auditPageSchema, webhookReceiptSchema } from "@/lib/dashboard/contract/dashboard-api";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { webhookEventDetailSchema, webhookEventPageSchema, webhookHealthSchema } from "@/lib/dashboard/contract/events-api";
import { clientListSchema, paymentResultSchema } from "@/lib/service-api/operator-contract";
import { errorCode, http, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { operator } from "./harness/fixtures";

// The received-webhooks page's API (list, detail, health) and the audit log's filters.

const admin = () => DashboardSession.signIn("affiliate@example.com");
/** A day in the tenant's time zone (the demo tenant's, Europe/Zurich), as the list's from and to count days. */
const day = (offsetDays: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Zurich" }).format(new Date(Date.now() + offsetDays * 86_400_000));

async function eventsOf(session: DashboardSession, exchangeId: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const page = parse(webhookEventPageSchema, await session.request("GET", `/api/webhook-events?exchange_id=${exchangeId}`), 200);
    if (page.data.length >= count) return page.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} events for ${exchangeId}`);
}

describe("GET /api/webhook-events", () => {
  it("shows every header a webhook came with, but never credentials, and at most 500 characters of each", async () => {
    const session = await admin();
    const body = JSON.stringify({ event: "test.headers", payload: { nonce: randomUUID() } });
    const stored = await http("POST", `${session.baseUrl}/webhook`, {
      raw: body,
      headers: {
        "content-type": "application/json",
        "x-signature-256": signBody(body, inject("webhookSecret")),
        "x-vendor-trace": "abc-123",
        "x-long": "y".repeat(2_000),
        cookie: "session=stolen",
        authorization: "Bearer secret-token",
      },
    });
    const { seq } = webhookReceiptSchema.parse(stored.body);
    const detail = parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${seq}`), 200);
    expect(detail.headers).toMatchObject({ "x-vendor-trace": "abc-123", "content-type": "application/json" });
    expect(detail.headers["x-long"]).toHaveLength(500);
    expect(Object.keys(detail.headers)).not.toContain("cookie");
    expect(Object.keys(detail.headers)).not.toContain("authorization");
    expect(JSON.stringify(detail)).not.toContain("secret-token");
  });

  it("lists received webhooks newest first with filters, shows one with its headers and raw body, and reports health", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    const { exchange_id } = parse(
      paymentResultSchema,
      await session.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 45, currency: "eur" }),
      201,
    );
    await session.request("POST", `/api/exchanges/${exchange_id}/simulate`, { type: "broadcast" });
    const events = await eventsOf(session, exchange_id, 2);
    expect(events.map((e) => e.event)).toEqual(["exchange.settled", "exchange.executed"]);
    expect(events[0]).toMatchObject({ exchange_id, order_id: order.id, signature: "valid", retry_count: 0 });

    const settled = parse(
      webhookEventPageSchema,
      await session.request("GET", `/api/webhook-events?exchange_id=${exchange_id}&type=exchange.settled&from=${day(0)}&to=${day(0)}`),
      200,
    );
    expect(settled.data.map((e) => e.seq)).toEqual([events[0]?.seq]);
    for (const range of [`from=${day(1)}`, `to=${day(-1)}`]) {
      const none = parse(
        webhookEventPageSchema,
        await session.request("GET", `/api/webhook-events?exchange_id=${exchange_id}&${range}`),
        200,
      );
      expect(none.data, range).toEqual([]);
    }
    const paged = parse(
      webhookEventPageSchema,
      await session.request("GET", `/api/webhook-events?exchange_id=${exchange_id}&limit=1`),
      200,
    );
    expect(paged.next_before).toBe(events[0]?.seq);
    const rest = parse(
      webhookEventPageSchema,
      await session.request("GET", `/api/webhook-events?exchange_id=${exchange_id}&limit=1&before=${paged.next_before}`),
      200,
    );
    expect(rest.data.map((e) => e.event)).toEqual(["exchange.executed"]);

    const detail = parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${events[1]?.seq}`), 200);
    expect(JSON.parse(detail.raw_body)).toMatchObject({ event: "exchange.executed", payload: { exchange_id } });
    expect(detail.headers).toMatchObject({
      "user-agent": "Sandbox-Webhook/1.0",
      "x-retry-count": "0",
      "x-correlation-id": events[1]?.correlation_id,
      "x-signature-256": expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      "content-type": "application/json",
    });

    const before = parse(webhookHealthSchema, await session.request("GET", "/api/webhook-events/health"), 200);
    // the URL the page says is registered is the one the sandbox delivers to
    const clients = parse(clientListSchema, await operator().request("GET", "/clients"), 200).clients;
    const registered = clients.find((c) => c.client_id === inject("demoClientId"))?.endpoints.map((e) => e.url);
    expect(registered).toEqual([before.webhook_url]);
    expect(before.events_24h).toBeGreaterThanOrEqual(2);
    expect(before.last_received_at).not.toBeNull();
    const forged = await fetch(`${inject("baseUrl")}/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature-256": `sha256=${"0".repeat(64)}` },
      body: JSON.stringify({ event: "exchange.settled", payload: { exchange_id } }),
    });
    expect(forged.status).toBe(401);
    const after = parse(webhookHealthSchema, await session.request("GET", "/api/webhook-events/health"), 200);
    expect(after.rejections_24h).toBe(before.rejections_24h + 1);
  });

  it.each([["type=" + "x".repeat(101)], ["from=yesterday"], ["to=2026-13-01"], ["limit=0"], ["exchange_id=nope"], ["before=-3"]])(
    "?%s → 400 invalid_request",
    async (q) => {
      const reply = await (await admin()).request("GET", `/api/webhook-events?${q}`);
      expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
    },
  );

  it("an unknown or malformed event is 404; another tenant's cursor names nothing here", async () => {
    const session = await admin();
    for (const seq of ["999999999", "abc", "0", "1e3"]) {
      const reply = await session.request("GET", `/api/webhook-events/${seq}`);
      expect([seq, reply.status, errorCode(reply)]).toEqual([seq, 404, "not_found"]);
    }
  });
});

describe("GET /api/audit filters", () => {
  it("by area, result and user; viewers may not read it", async () => {
    const session = await admin();
    const order = await createOrderVia(session);
    await session.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.5 });
    const orders = parse(auditPageSchema, await session.request("GET", "/api/audit?action=orders.&limit=100"), 200).data;
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((a) => a.action.startsWith("orders."))).toBe(true);
    const failed = parse(auditPageSchema, await session.request("GET", "/api/audit?result=failed&limit=100"), 200).data;
    expect(failed.find((a) => a.target === order.id)).toMatchObject({ action: "orders.update", result: "fee_rate_out_of_range" });
    expect(failed.every((a) => a.result !== "ok")).toBe(true);
    const ok = parse(auditPageSchema, await session.request("GET", "/api/audit?result=ok&limit=100"), 200).data;
    expect(ok.every((a) => a.result === "ok")).toBe(true);
    const byUser = parse(auditPageSchema, await session.request("GET", "/api/audit?user=AFFILIATE%40&limit=100"), 200).data;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((a) => a.user === "affiliate@example.com")).toBe(true);
    const wildcard = parse(auditPageSchema, await session.request("GET", "/api/audit?user=%25&limit=100"), 200).data;
    expect(wildcard).toEqual([]);
    const bad = await session.request("GET", "/api/audit?result=maybe");
    expect([bad.status, errorCode(bad)]).toEqual([400, "invalid_request"]);
    const viewer = await DashboardSession.signIn("viewer@example.com");
    expect((await viewer.request("GET", "/api/audit")).status).toBe(403);
  });
});
