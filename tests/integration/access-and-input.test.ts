import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { errorCode, http, sandboxUrl, type ClientApi } from "./harness/api";
import { coinOrder, IBAN_DE, lightningOrder, newClient, operator, proofMessage } from "./harness/fixtures";
import { addressOf, bitcoinKey, signBip137 } from "./harness/wallet";

const op = operator();
let owner: Awaited<ReturnType<typeof newClient>>;
let stranger: Awaited<ReturnType<typeof newClient>>;
let ids: { challenge: string; order: string; exchange: string };

beforeAll(async () => {
  owner = await newClient();
  stranger = await newClient();
  const challenge = await owner.api.challenge();
  const { order } = await lightningOrder(owner.api);
  const { exchange_id } = await op.pay({ order_id: order.id, amount: 50, currency: "eur" });
  ids = { challenge: challenge.id, order: order.id, exchange: exchange_id };
});

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
      headers: { authorization: `Bearer ${owner.client_id}` },
    });
    expect(reply.status).toBe(201);
  });

  it("operator endpoints need the operator key, not a client_id", async () => {
    for (const header of [undefined, `Bearer ${owner.client_id}`, "Bearer wrong-key"]) {
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
    ["GET", "challenge", () => `/v1/challenges/${ids.challenge}`, undefined],
    ["GET", "order", () => `/v1/orders/${ids.order}`, undefined],
    ["PATCH", "order", () => `/v1/orders/${ids.order}`, { active: false }],
    ["GET", "exchange", () => `/v1/exchanges/${ids.exchange}`, undefined],
    ["PATCH", "exchange", () => `/v1/exchanges/${ids.exchange}`, { payout: { type: "channel" } }],
  ];
  it.each(cases)("%s %s of another client → 404", async (method, _what, path, body) => {
    const reply = await stranger.api.request(method, path(stranger.api), body);
    expect([reply.status, errorCode(reply)]).toEqual([404, "not_found"]);
    const own = await owner.api.request("GET", path(owner.api));
    expect(own.status).toBe(200);
  });

  it("an order of another client cannot be proven with its challenge either", async () => {
    const key = bitcoinKey("isolation");
    const address = addressOf(key, "p2wpkh");
    const { token } = await owner.api.challenge();
    const message = proofMessage(token);
    const reply = await stranger.api.request("POST", "/v1/orders", {
      fee_rate: 0.02,
      payment_method: { currency: "eur", debitor_iban: IBAN_DE },
      payout_method: { bitcoin_address: address, message, signature: signBip137(message, key, "p2wpkh") },
    });
    expect(errorCode(reply)).toBe("challenge_not_found");
  });
});

describe("bad input never produces a 5xx", () => {
  const bigBody = JSON.stringify({ fee_rate: 0.02, padding: "x".repeat(70 * 1024) });
  const validOrder = () => ({
    fee_rate: 0.02,
    payment_method: { currency: "eur", debitor_iban: IBAN_DE },
    payout_method: { bitcoin_address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", message: "m", signature: "s" },
  });
  type Case = {
    name: string;
    method: string;
    path: () => string;
    raw?: string;
    body?: () => unknown;
    type?: string;
    status: number;
    code: string;
    operator?: boolean;
  };
  const table: Case[] = [
    { name: "challenge: malformed JSON", method: "POST", path: () => "/v1/challenges", raw: "{", status: 400, code: "invalid_request" },
    {
      name: "challenge: unknown field",
      method: "POST",
      path: () => "/v1/challenges",
      body: () => ({ x: 1 }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "challenge: text/plain body",
      method: "POST",
      path: () => "/v1/challenges",
      raw: "{}",
      type: "text/plain",
      status: 415,
      code: "unsupported_media_type",
    },
    { name: "challenge: id not a UUID", method: "GET", path: () => "/v1/challenges/123", status: 404, code: "not_found" },
    { name: "challenge: unknown id", method: "GET", path: () => `/v1/challenges/${randomUUID()}`, status: 404, code: "not_found" },
    { name: "order: empty body", method: "POST", path: () => "/v1/orders", body: () => ({}), status: 400, code: "invalid_request" },
    { name: "order: array body", method: "POST", path: () => "/v1/orders", body: () => [1, 2], status: 400, code: "invalid_request" },
    { name: "order: null body", method: "POST", path: () => "/v1/orders", raw: "null", status: 400, code: "invalid_request" },
    {
      name: "order: fee_rate as string",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), fee_rate: "0.02" }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order: unknown field",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), colour: "red" }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order: unknown payout field",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), payout_method: { ...validOrder().payout_method, extra: 1 } }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order: fee_rate 0.05",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), fee_rate: 0.05 }),
      status: 400,
      code: "fee_rate_out_of_range",
    },
    {
      name: "order: fee_rate 0.0119",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), fee_rate: 0.0119 }),
      status: 400,
      code: "fee_rate_out_of_range",
    },
    {
      name: "order: currency usd",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), payment_method: { currency: "usd", debitor_iban: IBAN_DE } }),
      status: 400,
      code: "unsupported_currency",
    },
    {
      name: "order: IBAN checksum",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), payment_method: { currency: "eur", debitor_iban: "DE89 3704 0044 0532 0130 01" } }),
      status: 400,
      code: "invalid_iban",
    },
    {
      name: "order: IBAN length",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), payment_method: { currency: "eur", debitor_iban: "DE89 3704 0044 0532 0130" } }),
      status: 400,
      code: "invalid_iban",
    },
    {
      name: "order: foreign affiliate",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), affiliate_id: stranger.affiliate_ids[0] }),
      status: 400,
      code: "affiliate_not_found",
    },
    {
      name: "order: affiliate not a UUID",
      method: "POST",
      path: () => "/v1/orders",
      body: () => ({ ...validOrder(), affiliate_id: "abc" }),
      status: 400,
      code: "invalid_request",
    },
    { name: "order: over 64 KiB", method: "POST", path: () => "/v1/orders", raw: bigBody, status: 413, code: "payload_too_large" },
    { name: "order: id not a UUID", method: "GET", path: () => "/v1/orders/%00", status: 404, code: "not_found" },
    {
      name: "order patch: active as string",
      method: "PATCH",
      path: () => `/v1/orders/${ids.order}`,
      body: () => ({ active: "yes" }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order patch: payout_method",
      method: "PATCH",
      path: () => `/v1/orders/${ids.order}`,
      body: () => ({ payout_method: {} }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order patch: unknown id",
      method: "PATCH",
      path: () => `/v1/orders/${randomUUID()}`,
      body: () => ({ active: true }),
      status: 404,
      code: "not_found",
    },
    {
      name: "exchange patch: empty body",
      method: "PATCH",
      path: () => `/v1/exchanges/${ids.exchange}`,
      body: () => ({}),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "exchange patch: unknown payout type",
      method: "PATCH",
      path: () => `/v1/exchanges/${ids.exchange}`,
      body: () => ({ payout: { type: "bitcoin" } }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "exchange patch: private as string",
      method: "PATCH",
      path: () => `/v1/exchanges/${ids.exchange}`,
      body: () => ({ payout: { type: "channel", private: "yes" } }),
      status: 400,
      code: "invalid_request",
    },
    { name: "exchange: unknown id", method: "GET", path: () => `/v1/exchanges/${randomUUID()}`, status: 404, code: "not_found" },
    { name: "unknown endpoint", method: "GET", path: () => "/v1/everything", status: 404, code: "not_found" },
    {
      name: "payment: no order given",
      method: "POST",
      path: () => "/payments",
      body: () => ({ amount: 10, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: both order and reference",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, creditor_reference: "RF18539007547034", amount: 10, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: negative amount",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, amount: -1, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: three decimals",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, amount: 1.001, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: other currency",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, amount: 10, currency: "gbp" }),
      status: 400,
      code: "unsupported_currency",
      operator: true,
    },
    {
      name: "payment: bad payer IBAN",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, amount: 10, currency: "eur", payer: { iban: "XX00" } }),
      status: 400,
      code: "invalid_iban",
      operator: true,
    },
    {
      name: "payment: unknown outcome",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ids.order, amount: 10, currency: "eur", outcome: "lucky" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: unknown order",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: randomUUID(), amount: 10, currency: "eur" }),
      status: 404,
      code: "not_found",
      operator: true,
    },
    {
      name: "event: unknown type",
      method: "POST",
      path: () => `/exchanges/${ids.exchange}/events`,
      body: () => ({ type: "teleport" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "event: preimage not hex",
      method: "POST",
      path: () => `/exchanges/${ids.exchange}/events`,
      body: () => ({ type: "invoice_paid", preimage: "zz" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "event: unknown exchange",
      method: "POST",
      path: () => `/exchanges/${randomUUID()}/events`,
      body: () => ({ type: "broadcast" }),
      status: 404,
      code: "not_found",
      operator: true,
    },
    {
      name: "clock: negative",
      method: "POST",
      path: () => "/clock",
      body: () => ({ advance_seconds: -5 }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "endpoints: not a URL",
      method: "PUT",
      path: () => `/clients/${owner.client_id}/webhook-endpoints`,
      body: () => ({ endpoints: [{ url: "ftp://x", secret: "0123456789abcdef" }] }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "endpoints: unknown client",
      method: "PUT",
      path: () => "/clients/nobody-at-all/webhook-endpoints",
      body: () => ({ endpoints: [] }),
      status: 404,
      code: "not_found",
      operator: true,
    },
    {
      // a filter, not a path: a malformed one is a bad request (an unknown but well-formed id lists nothing)
      name: "deliveries: bad exchange id filter",
      method: "GET",
      path: () => "/deliveries?exchange_id=nope",
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "resend: unknown delivery",
      method: "POST",
      path: () => `/deliveries/${randomUUID()}/resend`,
      status: 404,
      code: "not_found",
      operator: true,
    },
    {
      name: "client: empty name",
      method: "POST",
      path: () => "/clients",
      body: () => ({ name: "" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
  ];

  it.each(table.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const url = `${sandboxUrl()}${c.operator ? "/operator" : ""}${c.path()}`;
    const authorization = c.operator ? `Bearer ${inject("operatorKey")}` : `client_id ${owner.client_id}`;
    const headers: Record<string, string> = { authorization };
    if (c.raw !== undefined) headers["content-type"] = c.type ?? "application/json";
    const reply = await http(c.method, url, { body: c.body?.(), raw: c.raw, headers });
    expect(reply.status).toBe(c.status);
    const body = errorBodySchema.parse(reply.body);
    expect(body.error).toBe(c.code);
    expect(body.documentation_uri).toMatch(new RegExp(`/sandbox/docs/errors#${c.code}$`));
  });

  it("invalid_request lists the offending fields", async () => {
    const reply = await owner.api.request("POST", "/v1/orders", { fee_rate: "high", payment_method: { currency: "eur" } });
    const body = errorBodySchema.parse(reply.body);
    const paths = (body.details ?? []).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["fee_rate", "payment_method.debitor_iban", "payout_method"]));
  });

  it("a payment by creditor reference with spaces finds the order", async () => {
    const { order } = await coinOrder(owner.api);
    const spaced = order.payment_method.creditor_reference.replace(/(.{4})/g, "$1 ");
    const { exchange_id } = await op.pay({ creditor_reference: spaced, amount: 10, currency: "EUR" });
    expect((await owner.api.exchange(exchange_id)).order_id).toBe(order.id);
  });
});
