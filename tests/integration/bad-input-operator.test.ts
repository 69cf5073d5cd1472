import { describe, it } from "vitest";
import { randomUUID } from "node:crypto";
import { clientsAndIds, expectRefused, type Case } from "./harness/bad-input";

// Bad input to the sandbox's operator API never produces a 5xx: each request of the table is
// refused with its status and error code.

const ctx = clientsAndIds();

describe("bad input never produces a 5xx: the operator API", () => {
  const table: Case[] = [
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
      body: () => ({ order_id: ctx.ids.order, creditor_reference: "RF18539007547034", amount: 10, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: negative amount",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ctx.ids.order, amount: -1, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: three decimals",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ctx.ids.order, amount: 1.001, currency: "eur" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "payment: other currency",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ctx.ids.order, amount: 10, currency: "gbp" }),
      status: 400,
      code: "unsupported_currency",
      operator: true,
    },
    {
      name: "payment: bad payer IBAN",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ctx.ids.order, amount: 10, currency: "eur", payer: { iban: "XX00" } }),
      status: 400,
      code: "invalid_iban",
      operator: true,
    },
    {
      name: "payment: unknown outcome",
      method: "POST",
      path: () => "/payments",
      body: () => ({ order_id: ctx.ids.order, amount: 10, currency: "eur", outcome: "lucky" }),
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
      path: () => `/exchanges/${ctx.ids.exchange}/events`,
      body: () => ({ type: "teleport" }),
      status: 400,
      code: "invalid_request",
      operator: true,
    },
    {
      name: "event: preimage not hex",
      method: "POST",
      path: () => `/exchanges/${ctx.ids.exchange}/events`,
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
      path: () => `/clients/${ctx.owner.client_id}/webhook-endpoints`,
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

  it.each(table.map((c) => [c.name, c] as const))("%s", async (_name, c) => expectRefused(c, ctx.owner));
});
