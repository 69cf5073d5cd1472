import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeSchema, initiatePayoutActionSchema, webhookEventSchema } from "@/lib/service-api/schemas";
import { decodeLnurl } from "@/lib/lightning/lnurl";
import { errorCode, http, type ClientApi } from "./harness/api";
import { lightningOrder, newClient, operator } from "./harness/fixtures";
import { startReceiver, type Receiver } from "./harness/webhook-receiver";
import { lightningNode, makeInvoice, type LightningNode } from "./harness/wallet";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const op = operator();

/** A Lightning order, paid 500 EUR: the exchange awaits a payout. */
async function awaitingPayout(api: ClientApi, node?: LightningNode) {
  const { order, node: orderNode } = await lightningOrder(api, node);
  const { exchange_id } = await op.pay({ order_id: order.id, amount: 500, currency: "eur" });
  const exchange = await api.exchange(exchange_id);
  const action = initiatePayoutActionSchema.parse(exchange.action);
  const amountSats = Math.round((exchange.amount ?? 0) * 1e8);
  return { order, node: orderNode, exchange, action, amountSats, exchangeId: exchange_id };
}

const patch = (api: ClientApi, id: string, payout: unknown) => api.request("PATCH", `/v1/exchanges/${id}`, { payout });

describe("Lightning invoice payout", () => {
  it("executed event carries payout options; PATCH with the exact invoice → pending → invoice_paid settles once", async () => {
    const client = await newClient(receiver.url);
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    const offer = action.payout_options.invoice;
    expect(offer?.fee).toBe(Math.ceil(amountSats / 1000));
    expect(decodeLnurl(offer?.lnurl ?? "")).toMatch(/\/sandbox\/lnurl\/withdraw\/[0-9a-f]{64}$/);

    const now = await op.now();
    const sats = amountSats - (offer?.fee ?? 0);
    const { invoice, preimage } = makeInvoice({ node, msat: BigInt(sats) * 1000n, now });
    const pending = exchangeSchema.parse((await patch(client.api, exchangeId, { type: "invoice", invoice })).body);
    expect(pending.payout).toMatchObject({ type: "invoice", status: "pending", invoice, preimage: null, amount: sats / 1e8 });

    expect(errorCode(await patch(client.api, exchangeId, { type: "invoice", invoice }))).toBe("in_progress");
    const wrongPreimage = await op.drive(exchangeId, { type: "invoice_paid", preimage: "00".repeat(32) });
    expect([wrongPreimage.status, errorCode(wrongPreimage)]).toEqual([400, "invalid_request"]);

    const settled = exchangeSchema.parse((await op.drive(exchangeId, { type: "invoice_paid", preimage })).body);
    expect(settled.payout).toMatchObject({ status: "completed", preimage });
    expect(errorCode(await patch(client.api, exchangeId, { type: "invoice", invoice }))).toBe("already_completed");

    await receiver.waitFor((r) => r.body.includes(exchangeId) && r.body.includes('"exchange.settled"'));
    const events = receiver.received
      .map((r) => webhookEventSchema.parse(JSON.parse(r.body)))
      .filter((e) => e.payload.exchange_id === exchangeId);
    expect(events.map((e) => e.event)).toEqual(["exchange.executed", "exchange.settled"]);
    expect(initiatePayoutActionSchema.parse(events[0]?.payload.action).payout_options.channel?.fee).toBe(1500);
  });

  it.each([
    [
      "wrong amount",
      "invoice_amount",
      (ctx: Ctx) => makeInvoice({ node: ctx.node, msat: BigInt(ctx.sats + 1) * 1000n, now: ctx.now }).invoice,
    ],
    ["no amount", "invoice_amount", (ctx: Ctx) => makeInvoice({ node: ctx.node, msat: null, now: ctx.now }).invoice],
    [
      "mainnet invoice",
      "invoice_network",
      (ctx: Ctx) => makeInvoice({ node: ctx.node, msat: BigInt(ctx.sats) * 1000n, now: ctx.now, network: "bc" }).invoice,
    ],
    [
      "another node's invoice",
      "unexpected_node_pubkey",
      (ctx: Ctx) => makeInvoice({ node: lightningNode("stranger"), msat: BigInt(ctx.sats) * 1000n, now: ctx.now }).invoice,
    ],
    [
      "expired invoice",
      "invoice_expired",
      (ctx: Ctx) => makeInvoice({ node: ctx.node, msat: BigInt(ctx.sats) * 1000n, now: new Date(ctx.now.getTime() - 7200_000) }).invoice,
    ],
    ["garbage", "invalid_invoice", () => "lntb1notaninvoice"],
    // no invoice at all, whatever network its first letters name: not a network mistake
    ["garbage with mainnet's prefix", "invalid_invoice", () => "lnbc1garbage"],
    ["garbage with regtest's prefix and an amount", "invalid_invoice", () => "lnbcrt10u1garbage"],
    [
      "corrupted checksum",
      "invalid_invoice",
      (ctx: Ctx) => {
        const i = makeInvoice({ node: ctx.node, msat: BigInt(ctx.sats) * 1000n, now: ctx.now }).invoice;
        return `${i.slice(0, -10)}${i.slice(-10).split("").reverse().join("")}`;
      },
    ],
  ])("PATCH /v1/exchanges/{id} – %s → 400 %s", async (_name, code, make) => {
    const client = await newClient();
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    const ctx = { node, sats: amountSats - (action.payout_options.invoice?.fee ?? 0), now: await op.now() };
    const reply = await patch(client.api, exchangeId, { type: "invoice", invoice: make(ctx) });
    expect([reply.status, errorCode(reply)]).toEqual([400, code]);
  });

  it("a failed invoice interrupts with payout_failure and fresh offers; a new invoice then succeeds", async () => {
    const client = await newClient(receiver.url);
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    const sats = amountSats - (action.payout_options.invoice?.fee ?? 0);
    const first = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await op.now() });
    await patch(client.api, exchangeId, { type: "invoice", invoice: first.invoice });
    const interrupted = exchangeSchema.parse((await op.drive(exchangeId, { type: "invoice_failed", failure_code: "no_route" })).body);
    expect(interrupted.reason).toEqual({ code: "payout_failure" });
    expect(interrupted.payout).toMatchObject({ type: "invoice", status: "failed", failure_code: "no_route" });
    const renewed = initiatePayoutActionSchema.parse(interrupted.action).payout_options.invoice;
    expect(renewed?.lnurl).not.toBe(action.payout_options.invoice?.lnurl);

    const event = await receiver.waitFor((r) => r.body.includes(exchangeId) && r.body.includes("exchange.interrupted"));
    expect(JSON.parse(event.body)).toMatchObject({
      payload: {
        reason: { code: "payout_failure" },
        payout: { status: "failed", failure_code: "no_route" },
        action: { code: "initiate_payout" },
      },
    });

    const second = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await op.now() });
    expect((await patch(client.api, exchangeId, { type: "invoice", invoice: second.invoice })).status).toBe(200);
    expect((await op.drive(exchangeId, { type: "invoice_paid", preimage: second.preimage })).status).toBe(200);
  });

  it("GET renews expired offers only; an expired offer is refused until renewed", async () => {
    const client = await newClient();
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    await op.now(11 * 60);
    const sats = amountSats - (action.payout_options.invoice?.fee ?? 0);
    const invoice = makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await op.now() }).invoice;
    expect(errorCode(await patch(client.api, exchangeId, { type: "invoice", invoice }))).toBe("offer_expired");
    const renewed = initiatePayoutActionSchema.parse((await client.api.exchange(exchangeId)).action).payout_options;
    expect(new Date(renewed.invoice?.expires_on ?? 0).getTime()).toBeGreaterThan(
      new Date(action.payout_options.invoice?.expires_on ?? 0).getTime(),
    );
    expect(renewed.invoice?.lnurl).not.toBe(action.payout_options.invoice?.lnurl);
    const again = initiatePayoutActionSchema.parse((await client.api.exchange(exchangeId)).action).payout_options;
    expect(again).toEqual(renewed);
    expect((await patch(client.api, exchangeId, { type: "invoice", invoice })).status).toBe(200);
  });

  it("left unpaid for 24 h of sandbox time → refunded payout_expired", async () => {
    const client = await newClient();
    const { exchangeId } = await awaitingPayout(client.api);
    await op.now(24 * 3600 + 60);
    const exchange = await client.api.exchange(exchangeId);
    expect(exchange.reason).toEqual({ code: "payout_expired" });
    expect(exchange.executed_on).toBeNull();
  });
});

type Ctx = { node: LightningNode; sats: number; now: Date };

describe("LNURL-withdraw (LUD-03)", () => {
  it("a wallet decodes the LNURL, sends an invoice for the exact amount to the callback, once", async () => {
    const client = await newClient();
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    const url = decodeLnurl(action.payout_options.invoice?.lnurl ?? "");
    const first = await http("GET", url);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    const request = first.body as { tag: string; callback: string; k1: string; minWithdrawable: number; maxWithdrawable: number };
    const msat = (amountSats - (action.payout_options.invoice?.fee ?? 0)) * 1000;
    expect(request).toMatchObject({ tag: "withdrawRequest", minWithdrawable: msat, maxWithdrawable: msat });

    const wrong = makeInvoice({ node, msat: BigInt(msat + 1000), now: await op.now() });
    const refused = await http("GET", `${request.callback}?k1=${request.k1}&pr=${wrong.invoice}`);
    expect(refused.body).toMatchObject({ status: "ERROR" });
    expect((refused.body as { reason: string }).reason).toMatch(/^invoice_amount/);

    // two wallets racing with valid invoices: exactly one wins
    const now = await op.now();
    const invoices = [0, 1].map(() => makeInvoice({ node, msat: BigInt(msat), now }));
    const replies = await Promise.all(invoices.map((i) => http("GET", `${request.callback}?k1=${request.k1}&pr=${i.invoice}`)));
    const statuses = replies.map((r) => (r.body as { status: string }).status).sort();
    expect(statuses).toEqual(["ERROR", "OK"]);
    const exchange = await client.api.exchange(exchangeId);
    expect(exchange.payout).toMatchObject({ type: "invoice", status: "pending" });
    expect((await http("GET", url)).body).toMatchObject({ status: "ERROR" });
  });
});

describe("Lightning channel payout", () => {
  it("node_address required → PATCH with address → funding → open: settled twice", async () => {
    const client = await newClient(receiver.url);
    const { node, exchangeId, action } = await awaitingPayout(client.api);
    expect(action.payout_options.channel).toBeDefined();
    // another exchange of the node awaits its payout while the channel opens
    const waiting = await awaitingPayout(client.api, node);
    expect(waiting.action.payout_options.channel).toBeDefined();
    expect(errorCode(await patch(client.api, exchangeId, { type: "channel" }))).toBe("node_address_required");
    expect(
      errorCode(await patch(client.api, exchangeId, { type: "channel", node_address: `${lightningNode("other").pubkey}@10.0.0.1:9735` })),
    ).toBe("unexpected_node_pubkey");
    expect(
      errorCode(await patch(client.api, exchangeId, { type: "channel", node_address: `${node.pubkey}@unreachable.invalid:9735` })),
    ).toBe("connect");
    expect(errorCode(await patch(client.api, exchangeId, { type: "channel", node_address: "nonsense" }))).toBe("invalid_request");

    const pending = exchangeSchema.parse(
      (await patch(client.api, exchangeId, { type: "channel", node_address: `${node.pubkey}@node.example:9735`, private: true })).body,
    );
    expect(pending.payout).toMatchObject({
      type: "channel",
      status: "pending",
      node_address: `${node.pubkey}@node.example:9735`,
      private: true,
      txid: null,
      channel_id: null,
      fee: 0.000015,
    });
    const funding = exchangeSchema.parse((await op.drive(exchangeId, { type: "channel_funded" })).body);
    expect(funding.payout).toMatchObject({ status: "funding", outpoint: 0 });
    const open = exchangeSchema.parse((await op.drive(exchangeId, { type: "channel_opened" })).body);
    expect((open.payout as { channel_id: string }).channel_id).toMatch(/^\d+x1x0$/);

    await receiver.waitFor((r) => r.body.includes(exchangeId) && r.body.includes('"completed"'));
    const settled = receiver.received.filter((r) => r.body.includes(exchangeId) && r.body.includes("exchange.settled"));
    expect(settled.map((r) => JSON.parse(r.body).payload.payout.status)).toEqual(["funding", "completed"]);
    expect(JSON.parse(settled[0]?.body ?? "{}").payload.payout.host).toBe("node.example:9735");

    // the node now has a direct channel: a second exchange may not open another, and is not offered one
    const next = await awaitingPayout(client.api, node);
    expect(Object.keys(next.action.payout_options)).toEqual(["invoice"]);
    expect(errorCode(await patch(client.api, next.exchangeId, { type: "channel" }))).toBe("channel_payout_not_allowed");
    await receiver.waitFor((r) => r.body.includes(next.exchangeId) && r.body.includes("exchange.executed"));
    const executed = receiver.received.find((r) => r.body.includes(next.exchangeId) && r.body.includes("exchange.executed"));
    expect(Object.keys(JSON.parse(executed?.body ?? "{}").payload.action.payout_options)).toEqual(["invoice"]);
    // nor is the exchange that awaited its payout while the channel opened, from then on
    const before = initiatePayoutActionSchema.parse((await client.api.exchange(waiting.exchangeId)).action);
    expect(Object.keys(before.payout_options)).toEqual(["invoice"]);
    // and a failed invoice's fresh offers leave it out too
    await patch(client.api, waiting.exchangeId, {
      type: "invoice",
      invoice: makeInvoice({
        node,
        msat: BigInt(waiting.amountSats - (before.payout_options.invoice?.fee ?? 0)) * 1000n,
        now: await op.now(),
      }).invoice,
    });
    const failed = exchangeSchema.parse((await op.drive(waiting.exchangeId, { type: "invoice_failed", failure_code: "no_route" })).body);
    expect(Object.keys(initiatePayoutActionSchema.parse(failed.action).payout_options)).toEqual(["invoice"]);
  });

  it("channel_failed interrupts with its failure_code; LNURL-channel (LUD-02) then opens with the connected node", async () => {
    const client = await newClient();
    const { node, exchangeId } = await awaitingPayout(client.api);
    await patch(client.api, exchangeId, { type: "channel", node_address: `${node.pubkey}@node.example:9735` });
    const failed = exchangeSchema.parse((await op.drive(exchangeId, { type: "channel_failed", failure_code: "push_amt_rejected" })).body);
    expect(failed.payout).toMatchObject({ status: "failed", failure_code: "push_amt_rejected" });
    const lnurl = initiatePayoutActionSchema.parse(failed.action).payout_options.channel?.lnurl ?? "";
    const request = (await http("GET", decodeLnurl(lnurl))).body as { tag: string; uri: string; callback: string; k1: string };
    expect(request.tag).toBe("channelRequest");
    expect(request.uri).toMatch(/^0[23][0-9a-f]{64}@.+:9735$/);
    const wrongNode = await http("GET", `${request.callback}?k1=${request.k1}&remoteid=${lightningNode("x").pubkey}&private=1`);
    expect((wrongNode.body as { reason: string }).reason).toMatch(/^unexpected_node_pubkey/);
    const ok = await http("GET", `${request.callback}?k1=${request.k1}&remoteid=${node.pubkey}&private=1`);
    expect(ok.body).toEqual({ status: "OK" });
    expect((await client.api.exchange(exchangeId)).payout).toMatchObject({ type: "channel", status: "pending", private: true });
  });
});

describe("PATCH /v1/exchanges/{id} on exchanges that await no payout", () => {
  it("on-chain order → 409 payout_not_available", async () => {
    const client = await newClient();
    const { coinOrder } = await import("./harness/fixtures");
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 50, currency: "eur" });
    const reply = await patch(client.api, exchange_id, { type: "channel" });
    expect([reply.status, errorCode(reply)]).toEqual([409, "payout_not_available"]);
  });
});

describe("every payout failure_code interrupts with payout_failure", () => {
  it.each([
    ["invoice", "no_route"],
    ["invoice", "invoice_expired"],
    ["invoice", "error"],
    ["channel", "min_chan_size"],
    ["channel", "connect_error"],
    ["channel", "push_amt_rejected"],
    ["channel", "error"],
  ] as const)("%s failure %s", async (type, failureCode) => {
    const client = await newClient(receiver.url);
    const { node, action, amountSats, exchangeId } = await awaitingPayout(client.api);
    if (type === "invoice") {
      const sats = amountSats - (action.payout_options.invoice?.fee ?? 0);
      await patch(client.api, exchangeId, {
        type: "invoice",
        invoice: makeInvoice({ node, msat: BigInt(sats) * 1000n, now: await op.now() }).invoice,
      });
    } else {
      await patch(client.api, exchangeId, { type: "channel", node_address: `${node.pubkey}@node.example:9735` });
    }
    const reply = await op.drive(exchangeId, { type: `${type}_failed`, failure_code: failureCode });
    const exchange = exchangeSchema.parse(reply.body);
    expect(exchange).toMatchObject({ reason: { code: "payout_failure" }, payout: { type, status: "failed", failure_code: failureCode } });
    const event = await receiver.waitFor((r) => r.body.includes(exchangeId) && r.body.includes("exchange.interrupted"));
    expect(webhookEventSchema.parse(JSON.parse(event.body)).payload).toMatchObject({
      reason: { code: "payout_failure" },
      payout: { type, status: "failed", failure_code: failureCode },
      action: { code: "initiate_payout" },
    });
  });

  it("a channel failure code outside the channel table is refused", async () => {
    const client = await newClient();
    const { node, exchangeId } = await awaitingPayout(client.api);
    await patch(client.api, exchangeId, { type: "channel", node_address: `${node.pubkey}@node.example:9735` });
    const reply = await op.drive(exchangeId, { type: "channel_failed", failure_code: "no_route" });
    expect([reply.status, errorCode(reply)]).toEqual([400, "invalid_request"]);
  });
});
