import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeSchema, identificationActionSchema, refundCodes } from "@/lib/service-api/schemas";
import { errorCode } from "./harness/api";
import { coinOrder, IBAN_GB, lightningOrder, newClient, operator } from "./harness/fixtures";
import { startReceiver, type Receiver } from "./harness/webhook-receiver";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const op = operator();

async function refundedEvent(exchangeId: string) {
  const request = await receiver.waitFor((r) => r.body.includes(exchangeId) && r.body.includes("exchange.refunded"));
  return JSON.parse(request.body) as { event: string; payload: Record<string, unknown> };
}

describe("refunds decided by the simulated bank's rules", () => {
  it.each([
    ["inactive order", "order_inactive", { active: false }, {}],
    ["company payer", "companies_unsupported", {}, { payer: { kind: "company" } }],
    ["payer from an unsupported country", "country_unsupported", {}, { payer: { country: "US" } }],
    ["payer account other than the order's", "account_not_matching", {}, { payer: { iban: IBAN_GB } }],
  ] as const)("%s → refunded %s", async (_name, code, orderOptions, payment) => {
    const client = await newClient(receiver.url);
    const { order } = await coinOrder(client.api, orderOptions);
    const { exchange_id, state } = await op.pay({ order_id: order.id, amount: 100, currency: "eur", ...payment });
    expect(state).toBe("refunded");
    const exchange = await client.api.exchange(exchange_id);
    expect(exchange).toMatchObject({
      reason: { code },
      action: null,
      payout: null,
      executed_on: null,
      amount: null,
      rate: null,
      fee: null,
      cost: 100,
    });
    const event = await refundedEvent(exchange_id);
    expect(event.payload).toMatchObject({ exchange_id, reason: { code }, executed_on: null, payout: null });
  });

  it.each(refundCodes.map((code) => [code]))("outcome %s is simulated as asked", async (code) => {
    const client = await newClient();
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({
      creditor_reference: order.payment_method.creditor_reference,
      amount: 10,
      currency: "eur",
      outcome: code,
    });
    expect((await client.api.exchange(exchange_id)).reason).toEqual({ code });
  });

  it("an executed exchange is refunded on request (customer_requested); a settled one cannot be", async () => {
    const client = await newClient(receiver.url);
    const { order } = await coinOrder(client.api);
    const first = await op.pay({ order_id: order.id, amount: 20, currency: "eur" });
    const refunded = exchangeSchema.parse((await op.drive(first.exchange_id, { type: "refund", code: "customer_requested" })).body);
    expect(refunded.reason).toEqual({ code: "customer_requested" });
    await refundedEvent(first.exchange_id);
    const second = await op.pay({ order_id: order.id, amount: 20, currency: "eur" });
    await op.drive(second.exchange_id, { type: "broadcast" });
    const reply = await op.drive(second.exchange_id, { type: "refund", code: "customer_requested" });
    expect([reply.status, errorCode(reply)]).toEqual([409, "invalid_transition"]);
  });
});

describe("identification", () => {
  it("above 1 000 → interrupted identification_required; approved → executed with its price", async () => {
    const client = await newClient(receiver.url);
    const { order } = await coinOrder(client.api);
    const { exchange_id, state } = await op.pay({ order_id: order.id, amount: 1000.01, currency: "eur" });
    expect(state).toBe("interrupted");
    const interrupted = await client.api.exchange(exchange_id);
    expect(identificationActionSchema.parse(interrupted.action).identification_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(interrupted).toMatchObject({ executed_on: null, amount: null, rate: null, fee: null, reason: null, payout: null });
    const event = await receiver.waitFor((r) => r.body.includes(exchange_id) && r.body.includes("exchange.interrupted"));
    expect(JSON.parse(event.body).payload.action.code).toBe("identification_required");

    expect((await op.drive(exchange_id, { type: "broadcast" })).status).toBe(409);
    const executed = exchangeSchema.parse((await op.drive(exchange_id, { type: "identification_approved" })).body);
    // 1000.01 at 2 %: fee round2(20.0002) = 20.00, amount floor8(980.01 / 60000) = 0.01633350
    expect(executed).toMatchObject({ action: null, fee: 20, amount: 0.0163335, rate: 60000 });
    expect(executed.executed_on).not.toBeNull();
    await receiver.waitFor((r) => r.body.includes(exchange_id) && r.body.includes("exchange.executed"));
    expect((await op.drive(exchange_id, { type: "identification_approved" })).status).toBe(409);
  });

  it("rejected → refunded threshold_exceeded", async () => {
    const client = await newClient();
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 5000, currency: "eur" });
    const refunded = exchangeSchema.parse((await op.drive(exchange_id, { type: "identification_rejected" })).body);
    expect(refunded.reason).toEqual({ code: "threshold_exceeded" });
  });

  it("a Lightning exchange approved after identification offers its payout options", async () => {
    const client = await newClient();
    const { order } = await lightningOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 2000, currency: "eur" });
    const executed = exchangeSchema.parse((await op.drive(exchange_id, { type: "identification_approved" })).body);
    expect(executed.action).toMatchObject({
      code: "initiate_payout",
      payout_options: { invoice: { fee: expect.any(Number) }, channel: { fee: 1500 } },
    });
  });
});

describe("invalid transitions", () => {
  it.each([
    ["confirm before broadcast", [{ type: "confirm" }]],
    ["replace before broadcast", [{ type: "replace" }]],
    ["replace after confirmation", [{ type: "broadcast" }, { type: "confirm", blocks: 2 }, { type: "replace" }]],
    ["broadcast twice", [{ type: "broadcast" }, { type: "broadcast" }]],
    ["invoice_paid without invoice", [{ type: "invoice_paid", preimage: "11".repeat(32) }]],
    ["channel_opened without channel", [{ type: "channel_opened" }]],
    ["identification_approved without identification", [{ type: "identification_approved" }]],
    ["payout_expired on an on-chain exchange", [{ type: "payout_expired" }]],
  ])("%s → 409 invalid_transition", async (_name, steps) => {
    const client = await newClient();
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 30, currency: "eur" });
    const replies = [];
    for (const step of steps) replies.push(await op.drive(exchange_id, step));
    const last = replies[replies.length - 1];
    expect(replies.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect([last?.status, last ? errorCode(last) : null]).toEqual([409, "invalid_transition"]);
  });
});
