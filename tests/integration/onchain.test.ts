import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { exchangeSchema, webhookEventSchema } from "@/lib/service-api/schemas";
import { coinOrder, newClient, operator, WEBHOOK_SECRET } from "./harness/fixtures";
import { startReceiver, type Receiver } from "./harness/webhook-receiver";
import { addressOf, childKey, signBip137, signBip322, testAccount } from "./harness/wallet";
import { proofMessage, IBAN_DE } from "./harness/fixtures";
import { deriveAddress, parseExtendedPublicKey } from "@/lib/bitcoin/extended-key";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const eventsFor = (exchangeId: string) =>
  receiver.received.map((r) => webhookEventSchema.parse(JSON.parse(r.body))).filter((e) => e.payload.exchange_id === exchangeId);

async function waitForEvents(exchangeId: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (eventsFor(exchangeId).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return eventsFor(exchangeId);
}

describe("on-chain lifecycle", () => {
  it("order → payment → executed → broadcast → replace → confirm, with signed webhooks", async () => {
    const client = await newClient(receiver.url);
    const { order, address } = await coinOrder(client.api);
    expect(order.active).toBe(true);
    expect(order.affiliate_id).toBe(client.affiliate_ids[0]);
    expect(order.payment_method.creditor_reference).toMatch(/^RF\d{2}\d{15}$/);

    const op = operator();
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 500, currency: "eur" });
    const executed = await client.api.exchange(exchange_id);
    // 500 EUR at 2 %: fee 10.00, amount floor8(490 / 60000) = 0.00816666
    expect(executed).toMatchObject({
      order_id: order.id,
      pair: "btc/eur",
      type: "buy",
      cost: 500,
      fee: 10,
      rate: 60000,
      amount: 0.00816666,
    });
    expect(executed.action).toBeNull();
    expect(executed.payout).toBeNull();

    const broadcast = exchangeSchema.parse((await op.drive(exchange_id, { type: "broadcast" })).body);
    expect(broadcast.payout).toMatchObject({ bitcoin_address: address, confirmed: false, block_height: null, derivation_path: null });
    const first = broadcast.payout as { txid: string };

    const replaced = exchangeSchema.parse((await op.drive(exchange_id, { type: "replace" })).body);
    const second = replaced.payout as { txid: string; fee: number };
    expect(second.txid).not.toBe(first.txid);

    const confirmed = exchangeSchema.parse((await op.drive(exchange_id, { type: "confirm" })).body);
    expect(confirmed.payout).toMatchObject({ txid: second.txid, confirmed: true });
    expect((confirmed.payout as { block_height: number }).block_height).toBeGreaterThan(0);

    const events = await waitForEvents(exchange_id, 4);
    expect(events.map((e) => e.event)).toEqual(["exchange.executed", "exchange.settled", "exchange.settled", "exchange.settled"]);
    expect(events.map((e) => (e.payload.payout as { confirmations?: number } | null)?.confirmations ?? null)).toEqual([null, 0, 0, 1]);
    expect(events[1]?.payload.payout).toMatchObject({ type: "coin", txid: first.txid });
    expect(events[2]?.payload.payout).toMatchObject({ type: "coin", txid: second.txid });

    const request = receiver.received.find((r) => r.body.includes(exchange_id));
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["user-agent"]).toBe("Sandbox-Webhook/1.0");
    expect(request?.headers["x-retry-count"]).toBe("0");
    expect(request?.headers["x-correlation-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const expected = `sha256=${createHmac("sha256", WEBHOOK_SECRET)
      .update(request?.body ?? "")
      .digest("hex")}`;
    expect(request?.headers["x-signature-256"]).toBe(expected);
  });

  it("an order with a vpub pays each payout to the next derived address", async () => {
    const client = await newClient();
    const account = testAccount("xpub order");
    const key = childKey(account.child(0, 3));
    const address = addressOf(key, "p2wpkh");
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const order = await client.api.createOrder({
      fee_rate: 0.03,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: {
        bitcoin_address: address,
        message,
        signature: signBip322(message, key, address),
        extended_public_key: account.vpub,
        derivation_path: "m/0/3",
      },
    });
    expect(order.payout_method).toMatchObject({ extended_public_key: account.vpub, derivation_path: "m/0/3", gap_limit: null });

    const op = operator();
    const parsed = parseExtendedPublicKey(account.vpub, "testnet");
    for (const index of [4, 5]) {
      const { exchange_id } = await op.pay({ order_id: order.id, amount: 100, currency: "eur" });
      const settled = exchangeSchema.parse((await op.drive(exchange_id, { type: "broadcast" })).body);
      expect(settled.payout).toMatchObject({
        derivation_path: `m/0/${index}`,
        bitcoin_address: deriveAddress(parsed, [0, index], "p2wpkh", "testnet"),
      });
    }
  });

  it("a tpub with a P2PKH address is matched under the legacy script type", async () => {
    const client = await newClient();
    const account = testAccount("tpub legacy");
    const key = childKey(account.child(0, 0));
    const address = addressOf(key, "p2pkh");
    const { token } = await client.api.challenge();
    const message = proofMessage(token);
    const order = await client.api.createOrder({
      fee_rate: 0.012,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: {
        bitcoin_address: address,
        message,
        signature: signBip137(message, key, "p2pkh"),
        extended_public_key: account.tpub,
        derivation_path: "m/0/0",
        gap_limit: 20,
      },
    });
    expect(order.payout_method).toMatchObject({ gap_limit: 20 });
  });
});
