import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { bigBody, clientsAndIds, expectRefused, validOrder, type Case } from "./harness/bad-input";
import { coinOrder, IBAN_DE, operator } from "./harness/fixtures";

// Bad input to the REST API v1 never produces a 5xx: each request of the table is refused with its
// status and error code (the operator API's table is in bad-input-operator.test.ts).

const op = operator();
const ctx = clientsAndIds();

describe("bad input never produces a 5xx: the REST API v1", () => {
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
      body: () => ({ ...validOrder(), affiliate_id: ctx.stranger.affiliate_ids[0] }),
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
    { name: "order: id not a UUID", method: "GET", path: () => "/v1/orders/12%2F..", status: 404, code: "not_found" },
    // text the database could not store is bad input wherever it is, a path segment too
    { name: "order: id holding a NUL", method: "GET", path: () => "/v1/orders/%00", status: 400, code: "invalid_request" },
    {
      name: "order patch: active as string",
      method: "PATCH",
      path: () => `/v1/orders/${ctx.ids.order}`,
      body: () => ({ active: "yes" }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "order patch: payout_method",
      method: "PATCH",
      path: () => `/v1/orders/${ctx.ids.order}`,
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
      path: () => `/v1/exchanges/${ctx.ids.exchange}`,
      body: () => ({}),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "exchange patch: unknown payout type",
      method: "PATCH",
      path: () => `/v1/exchanges/${ctx.ids.exchange}`,
      body: () => ({ payout: { type: "bitcoin" } }),
      status: 400,
      code: "invalid_request",
    },
    {
      name: "exchange patch: private as string",
      method: "PATCH",
      path: () => `/v1/exchanges/${ctx.ids.exchange}`,
      body: () => ({ payout: { type: "channel", private: "yes" } }),
      status: 400,
      code: "invalid_request",
    },
    { name: "exchange: unknown id", method: "GET", path: () => `/v1/exchanges/${randomUUID()}`, status: 404, code: "not_found" },
    { name: "unknown endpoint", method: "GET", path: () => "/v1/everything", status: 404, code: "not_found" },
  ];

  it.each(table.map((c) => [c.name, c] as const))("%s", async (_name, c) => expectRefused(c, ctx.owner));

  it("invalid_request lists the offending fields", async () => {
    const reply = await ctx.owner.api.request("POST", "/v1/orders", { fee_rate: "high", payment_method: { currency: "eur" } });
    const body = errorBodySchema.parse(reply.body);
    const paths = (body.details ?? []).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(["fee_rate", "payment_method.debitor_iban", "payout_method"]));
  });

  it("a payment by creditor reference with spaces finds the order", async () => {
    const { order } = await coinOrder(ctx.owner.api);
    const spaced = order.payment_method.creditor_reference.replace(/(.{4})/g, "$1 ");
    const { exchange_id } = await op.pay({ creditor_reference: spaced, amount: 10, currency: "EUR" });
    expect((await ctx.owner.api.exchange(exchange_id)).order_id).toBe(order.id);
  });
});
