import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { z } from "zod";
import { exchangeSchema, orderSchema } from "@/lib/service-api/schemas";
import { ClientApi, errorCode, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { operator, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";

let admin: DashboardSession;
let viewer: DashboardSession;
let op: DashboardSession;
beforeAll(async () => {
  [admin, viewer, op] = await Promise.all([
    DashboardSession.signIn("affiliate@example.com"),
    DashboardSession.signIn("viewer@example.com"),
    DashboardSession.signIn("operator@example.com"),
  ]);
});

const listSchema = z.object({ data: z.array(z.unknown()), next_cursor: z.string().nullable() });

describe("the /api proxy", () => {
  it("creates challenges and orders upstream, indexes them, lists newest first with cursors and filters", async () => {
    const created: z.infer<typeof orderSchema>[] = [];
    for (const currency of ["eur", "gbp", "eur"]) created.push(await createOrderVia(admin, currency));
    const page1 = listSchema.parse((await admin.request("GET", "/api/orders?limit=2")).body);
    expect(page1.data.map((o) => (o as { id: string }).id)).toEqual([created[2]?.id, created[1]?.id]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = listSchema.parse((await admin.request("GET", `/api/orders?limit=2&cursor=${page1.next_cursor}`)).body);
    expect((page2.data[0] as { id: string }).id).toBe(created[0]?.id);
    const gbp = listSchema.parse((await admin.request("GET", "/api/orders?currency=gbp&limit=100")).body);
    expect(gbp.data.every((o) => (o as { payment_method: { currency: string } }).payment_method.currency === "gbp")).toBe(true);
    expect(gbp.data.some((o) => (o as { id: string }).id === created[1]?.id)).toBe(true);
    expect((await admin.request("GET", "/api/orders?cursor=garbage")).status).toBe(400);
  });

  it("GET and PATCH an order; upstream error codes pass through with their status", async () => {
    const order = await createOrderVia(admin);
    expect(parse(orderSchema, await admin.request("GET", `/api/orders/${order.id}`), 200)).toEqual(order);
    const patched = parse(orderSchema, await admin.request("PATCH", `/api/orders/${order.id}`, { active: false, fee_rate: 0.03 }), 200);
    expect(patched).toMatchObject({ active: false, fee_rate: 0.03 });
    const bad = await admin.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.5 });
    expect([bad.status, errorCode(bad)]).toEqual([400, "fee_rate_out_of_range"]);
    const invalid = await admin.request("POST", "/api/orders", { fee_rate: "x" });
    expect([invalid.status, errorCode(invalid)]).toEqual([400, "invalid_request"]);
    const unknownChallenge = await admin.request("GET", "/api/challenges/00000000-0000-4000-8000-000000000000");
    expect([unknownChallenge.status, errorCode(unknownChallenge)]).toEqual([404, "not_found"]);
  });

  it("an order made outside the dashboard is fetched and indexed on first lookup", async () => {
    const api = new ClientApi(inject("demoClientId"));
    const key = bitcoinKey("outside");
    const { token } = await api.challenge();
    const message = proofMessage(token);
    const order = await api.createOrder({
      fee_rate: 0.02,
      payment_method: { currency: "chf", debitor_iban: "CH93 0076 2011 6238 5295 7" },
      payout_method: { bitcoin_address: addressOf(key, "p2wpkh"), message, signature: signBip137(message, key, "p2wpkh") },
    });
    const before = listSchema.parse((await admin.request("GET", "/api/orders?currency=chf&limit=100")).body);
    expect(before.data.some((o) => (o as { id: string }).id === order.id)).toBe(false);
    expect((await admin.request("GET", `/api/orders/${order.id}`)).status).toBe(200);
    const after = listSchema.parse((await admin.request("GET", "/api/orders?currency=chf&limit=100")).body);
    expect(after.data.some((o) => (o as { id: string }).id === order.id)).toBe(true);
  });

  it("exchanges are discovered from webhooks, listed with filters, and served as the latest GET snapshot", async () => {
    const order = await createOrderVia(admin);
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 75, currency: "eur" });
    await operator().drive(exchange_id, { type: "broadcast" });
    const deadline = Date.now() + 10_000;
    let item: { state: string; exchange: unknown } | undefined;
    while (Date.now() < deadline) {
      const list = listSchema.parse((await admin.request("GET", `/api/exchanges?order_id=${order.id}`)).body);
      item = list.data[0] as typeof item;
      if (item?.state === "settled" && item.exchange) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(item?.state).toBe("settled");
    const exchange = parse(exchangeSchema, await admin.request("GET", `/api/exchanges/${exchange_id}`), 200);
    expect(exchange.payout).toMatchObject({ confirmed: false });
    const settled = listSchema.parse((await admin.request("GET", "/api/exchanges?state=settled&limit=100")).body);
    expect(settled.data.some((e) => (e as { id: string }).id === exchange_id)).toBe(true);
    const events = (await admin.request("GET", `/api/exchanges/${exchange_id}/events`)).body as {
      data: { event: string; retry_count: number; correlation_id: string }[];
    };
    expect(events.data.map((e) => e.event)).toEqual(["exchange.executed", "exchange.settled"]);
    expect(events.data[0]).toMatchObject({ retry_count: 0, correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await admin.request("GET", "/api/exchanges?state=exploded")).status).toBe(400);
  });

  it("records every mutation in the audit log with who, what and the result", async () => {
    const order = await createOrderVia(admin);
    await admin.request("PATCH", `/api/orders/${order.id}`, { fee_rate: 0.9 });
    const audit = (await admin.request("GET", "/api/audit?limit=5")).body as {
      data: { user: string; action: string; target: string; result: string }[];
    };
    expect(audit.data.slice(0, 3)).toEqual([
      expect.objectContaining({
        user: "affiliate@example.com",
        action: "orders.update",
        target: order.id,
        result: "fee_rate_out_of_range",
      }),
      expect.objectContaining({ action: "orders.create", target: order.id, result: "ok" }),
      expect.objectContaining({ action: "challenges.create", result: "ok" }),
    ]);
  });
});

describe("roles and origin", () => {
  it("viewers and operators read but get 403 forbidden on mutations", async () => {
    const order = await createOrderVia(admin);
    for (const session of [viewer, op]) {
      expect((await session.request("GET", `/api/orders/${order.id}`)).status).toBe(200);
      for (const [method, path, body] of [
        ["POST", "/api/challenges", {}],
        ["POST", "/api/orders", {}],
        ["PATCH", `/api/orders/${order.id}`, { active: false }],
      ] as const) {
        const reply = await session.request(method, path, body);
        expect([reply.status, errorCode(reply)]).toEqual([403, "forbidden"]);
      }
    }
    expect((await viewer.request("GET", "/api/audit")).status).toBe(403);
  });

  it("a mutation from another origin, or without Origin, is refused", async () => {
    for (const origin of ["http://evil.example", ""]) {
      const reply = await admin.request("POST", "/api/challenges", {}, origin ? { origin } : { origin: "" });
      expect([reply.status, errorCode(reply)]).toEqual([403, "forbidden"]);
    }
  });
});
