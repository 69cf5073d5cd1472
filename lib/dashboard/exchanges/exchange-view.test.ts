import { describe, expect, it } from "vitest";
import { exchangeSchema } from "@/lib/service-api/schemas";
import { payoutOfEventBody, toExchangeView } from "./exchange-view";

const base = {
  id: "7f9c5c8e-1b2a-4c3d-9e8f-0a1b2c3d4e5f",
  order_id: "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9",
  fee_rate: 0.03,
  pair: "btc/eur",
  type: "buy",
  cost: 100,
  executed_on: "2026-11-21T10:00:00.000Z",
  amount: 0.0016,
  rate: 60000,
  fee: 3,
  action: null,
  reason: null,
  payout: null,
};
const view = (fields: Record<string, unknown>) => toExchangeView(exchangeSchema.parse({ ...base, ...fields }));
const txid = "ab".repeat(32);

describe("toExchangeView", () => {
  it("reads the REST coin payout (no type, confirmed) and the webhook one (type, confirmations) as one kind", () => {
    const rest = view({
      payout: {
        txid,
        outpoint: 0,
        bitcoin_address: "tb1q",
        derivation_path: null,
        block_height: 7,
        confirmed: true,
        fee: 0.0000141,
        amount: 0.0016,
      },
    });
    expect(rest.state).toBe("settled");
    expect(rest.payout).toMatchObject({ kind: "coin", txid, confirmed: true, confirmations: null });
    const fromWebhook = payoutOfEventBody({
      event: "exchange.settled",
      payload: {
        ...base,
        exchange_id: base.id,
        payout: {
          type: "coin",
          txid,
          outpoint: 0,
          bitcoin_address: "tb1q",
          derivation_path: null,
          block_height: null,
          confirmations: 0,
          fee: 0.0000141,
          amount: 0.0016,
        },
      },
    });
    expect(fromWebhook).toMatchObject({ kind: "coin", confirmations: 0, confirmed: false });
    expect(payoutOfEventBody("not json")).toBeNull();
  });

  it("tells the actions apart: identification (the service's own and `identify` with a url), payout offers, and anything else", () => {
    expect(
      view({
        executed_on: null,
        amount: null,
        rate: null,
        fee: null,
        action: { code: "identification_required", identification_id: base.id },
      }).action,
    ).toEqual({
      kind: "identification",
      identification_id: base.id,
      url: null,
    });
    expect(view({ action: { code: "identify", url: "https://id.example/x" } }).action).toEqual({
      kind: "identification",
      identification_id: null,
      url: "https://id.example/x",
    });
    expect(view({ action: { code: "sign_terms" } }).action).toEqual({ kind: "other", code: "sign_terms", url: null });
    const offers = view({
      action: { code: "initiate_payout", payout_options: { invoice: { lnurl: "LNURL1X", fee: 160, expires_on: base.executed_on } } },
    });
    expect(offers.action).toEqual({
      kind: "initiate_payout",
      invoice: { lnurl: "LNURL1X", fee_sats: 160, expires_on: base.executed_on },
      channel: null,
    });
    expect(offers.lightning_open).toBe(true);
  });

  it("reads a failed attempt and the channel payout's node from either form", () => {
    const failed = view({ reason: { code: "payout_failure" }, payout: { type: "invoice", status: "failed", failure_code: "no_route" } });
    expect(failed.state).toBe("interrupted");
    expect(failed.payout).toEqual({ kind: "failed", type: "invoice", failure_code: "no_route" });
    const channel = { type: "channel", status: "funding", txid, outpoint: 1, channel_id: null, fee: 0.000015, amount: 0.00158 };
    expect(view({ payout: { ...channel, node_address: "02ab@host:9735", private: false } }).payout).toMatchObject({
      kind: "channel",
      node: "02ab@host:9735",
      private: false,
    });
    expect(
      payoutOfEventBody({
        event: "exchange.settled",
        payload: { ...base, exchange_id: base.id, payout: { ...channel, host: "host:9735" } },
      }),
    ).toMatchObject({ kind: "channel", node: "host:9735", private: null });
  });
});
