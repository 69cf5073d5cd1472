import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { errorCode, http, sandboxUrl, type ClientApi } from "./harness/api";
import { IBAN_DE, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";
import { clientsAndIds } from "./harness/bad-input";

// Who may call the sandbox's API, and what another client's ids answer (bad input is in
// bad-input.test.ts and bad-input-operator.test.ts).

const ctx = clientsAndIds();

describe("authentication", () => {
  it.each([
    ["no Authorization", undefined],
    ["unknown client_id", "client_id nobody-knows-me"],
    ["malformed header", "client_id"],
    ["Basic scheme", "Basic dXNlcjpwYXNz"],
  ])("%s → 401 unauthorized", async (_name, header) => {
    const reply = await http("POST", `${sandboxUrl()}/v1/challenges`, { body: {}, headers: header ? { authorization: header } : {} });
    expect([reply.status, errorCode(reply)]).toEqual([401, "unauthorized"]);
  });

  it("accepts Authorization: Bearer <client_id> too", async () => {
    const reply = await http("POST", `${sandboxUrl()}/v1/challenges`, {
      body: {},
      headers: { authorization: `Bearer ${ctx.owner.client_id}` },
    });
    expect(reply.status).toBe(201);
  });

  it("operator endpoints need the operator key, not a client_id", async () => {
    for (const header of [undefined, `Bearer ${ctx.owner.client_id}`, "Bearer wrong-key"]) {
      const reply = await http("POST", `${sandboxUrl()}/operator/clock`, {
        body: { advance_seconds: 0 },
        headers: header ? { authorization: header } : {},
      });
      expect([reply.status, errorCode(reply)]).toEqual([401, "unauthorized"]);
    }
    const ok = await http("POST", `${sandboxUrl()}/operator/clock`, {
      body: { advance_seconds: 0 },
      headers: { authorization: `Bearer ${inject("operatorKey")}` },
    });
    expect(ok.status).toBe(200);
  });
});

describe("tenant isolation: another client's ids are 404, never 403", () => {
  const cases: [string, string, (api: ClientApi) => string, unknown][] = [
    ["GET", "challenge", () => `/v1/challenges/${ctx.ids.challenge}`, undefined],
    ["GET", "order", () => `/v1/orders/${ctx.ids.order}`, undefined],
    ["PATCH", "order", () => `/v1/orders/${ctx.ids.order}`, { active: false }],
    ["GET", "exchange", () => `/v1/exchanges/${ctx.ids.exchange}`, undefined],
    ["PATCH", "exchange", () => `/v1/exchanges/${ctx.ids.exchange}`, { payout: { type: "channel" } }],
  ];
  it.each(cases)("%s %s of another client → 404", async (method, _what, path, body) => {
    const reply = await ctx.stranger.api.request(method, path(ctx.stranger.api), body);
    expect([reply.status, errorCode(reply)]).toEqual([404, "not_found"]);
    const own = await ctx.owner.api.request("GET", path(ctx.owner.api));
    expect(own.status).toBe(200);
  });

  it("an order of another client cannot be proven with its challenge either", async () => {
    const key = bitcoinKey("isolation");
    const address = addressOf(key, "p2wpkh");
    const { token } = await ctx.owner.api.challenge();
    const message = proofMessage(token);
    const reply = await ctx.stranger.api.request("POST", "/v1/orders", {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    });
    expect(errorCode(reply)).toBe("challenge_not_found");
  });
});
