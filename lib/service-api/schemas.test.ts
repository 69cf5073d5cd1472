import { describe, expect, it } from "vitest";
import {
  anyWebhookEventSchema,
  challengeSchema,
  errorBodySchema,
  exchangePayoutPatchSchema,
  exchangeSchema,
  orderCreateSchema,
  orderSchema,
  webhookEventSchema,
} from "./schemas";

// Shapes as the service's public description shows them (docs/exchange-api.md), and as the real service sends them.
const ids = {
  exchange: "6d3c4a7e-2b1f-4c8e-9a0d-5e6f7a8b9c0d",
  order: "0f1e2d3c-4b5a-4697-8877-665544332211",
};
const executed = {
  exchange_id: ids.exchange,
  order_id: ids.order,
  fee_rate: 0.03,
  pair: "btc/eur",
  type: "buy",
  cost: 100,
  executed_on: "2024-05-01T10:00:00.000Z",
  amount: 0.00161666,
  rate: 60000,
  fee: 3,
  action: null,
  reason: null,
  payout: null,
};

describe("webhook events", () => {
  it("parse all four event types in their shapes", () => {
    const events = [
      { event: "exchange.executed", payload: executed },
      {
        event: "exchange.interrupted",
        payload: {
          ...executed,
          executed_on: null,
          amount: null,
          rate: null,
          fee: null,
          action: { code: "identification_required", identification_id: ids.order },
        },
      },
      {
        event: "exchange.refunded",
        payload: { ...executed, executed_on: null, amount: null, rate: null, fee: null, reason: { code: "order_inactive" } },
      },
      {
        event: "exchange.settled",
        payload: {
          ...executed,
          payout: {
            type: "coin",
            txid: "ab".repeat(32),
            outpoint: 1,
            bitcoin_address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
            derivation_path: null,
            block_height: null,
            confirmations: 0,
            fee: 0.0000141,
            amount: 0.00160256,
          },
        },
      },
      {
        event: "exchange.settled",
        payload: {
          ...executed,
          payout: {
            type: "invoice",
            status: "completed",
            invoice: "lntb1…",
            preimage: "00".repeat(32),
            fee: 0.00000162,
            amount: 0.00161504,
          },
        },
      },
      {
        event: "exchange.settled",
        payload: {
          ...executed,
          payout: {
            type: "channel",
            status: "funding",
            host: "node.example:9735",
            txid: "cd".repeat(32),
            outpoint: 0,
            channel_id: null,
            fee: 0.000015,
            amount: 0.00160166,
          },
        },
      },
    ];
    for (const event of events) expect(webhookEventSchema.parse(event).event).toBe(event.event);
  });

  it("keeps unknown fields of the real service (welcomeReward) and its identify action", () => {
    const real = {
      event: "exchange.interrupted",
      payload: { ...executed, welcomeReward: null, action: { code: "identify", url: "https://example.com/identify/abc" } },
    };
    const parsed = webhookEventSchema.parse(real);
    expect(parsed.payload).toHaveProperty("welcomeReward", null);
    expect(parsed.payload.action).toEqual({ code: "identify", url: "https://example.com/identify/abc" });
  });

  it("accepts unknown event types only through the permissive schema", () => {
    const unknown = { event: "identification.requested", payload: { id: 1 } };
    expect(webhookEventSchema.safeParse(unknown).success).toBe(false);
    expect(anyWebhookEventSchema.parse(unknown).event).toBe("identification.requested");
  });

  it("carries payout options in an initiate_payout action", () => {
    const action = {
      code: "initiate_payout",
      payout_options: {
        invoice: { lnurl: "LNURL1…", fee: 162, expires_on: "2024-05-01T10:10:00.000Z" },
        channel: { lnurl: "LNURL1…", fee: 1500, expires_on: "2024-05-01T10:10:00.000Z" },
      },
    };
    expect(webhookEventSchema.parse({ event: "exchange.executed", payload: { ...executed, action } }).payload.action).toEqual(action);
  });
});

describe("REST objects", () => {
  it("parse a settled exchange with the REST coin payout (confirmed, no type)", () => {
    const { exchange_id, ...rest } = executed;
    const exchange = {
      id: exchange_id,
      ...rest,
      payout: {
        txid: "ab".repeat(32),
        outpoint: 0,
        bitcoin_address: "tb1q…",
        derivation_path: "m/0/4",
        block_height: 2500001,
        confirmed: true,
        fee: 0.0000141,
        amount: 0.00160256,
      },
    };
    expect(exchangeSchema.parse(exchange).payout).toMatchObject({ confirmed: true });
  });

  it("parse challenges, orders and errors", () => {
    expect(
      challengeSchema.parse({ id: ids.order, token: "ABCD2345", expires_on: "2024-05-01T10:30:00.000Z", completed_on: null }).token,
    ).toBe("ABCD2345");
    expect(errorBodySchema.parse({ error: "invoice_amount", documentation_uri: "https://x/docs#invoice_amount" }).error).toBe(
      "invoice_amount",
    );
    const order = {
      id: ids.order,
      active: true,
      created_on: "2024-05-01T09:00:00.000Z",
      affiliate_id: ids.exchange,
      fee_rate: 0.03,
      payment_method: {
        currency: "eur",
        debitor_iban: "DE89370400440532013000",
        creditor_reference: "RF18539007547034",
        creditor_iban: "DE02500105175407324931",
        creditor_bank_name: "b",
        creditor_bank_street: "s",
        creditor_bank_postal_code: "p",
        creditor_bank_town: "t",
        creditor_bank_country: "DE",
        creditor_bank_bic: "SBXBDEFFXXX",
        creditor_name: "n",
        creditor_street: "s",
        creditor_postal_code: "p",
        creditor_town: "t",
        creditor_country: "DE",
        swiss_qr_bill_payload: null,
      },
      payout_method: { node_pubkey: "02".padEnd(66, "1"), message: "m", signature: "s" },
    };
    expect(orderSchema.parse(order).id).toBe(ids.order);
  });

  it("requests are strict: unknown fields are refused", () => {
    expect(
      orderCreateSchema.safeParse({
        fee_rate: 0.02,
        payment_method: { currency: "eur", debitor_iban: "x" },
        payout_method: { node_pubkey: "a", message: "m", signature: "s" },
        extra: 1,
      }).success,
    ).toBe(false);
    expect(exchangePayoutPatchSchema.safeParse({ payout: { type: "invoice", invoice: "lntb1", private: true } }).success).toBe(false);
  });
});
