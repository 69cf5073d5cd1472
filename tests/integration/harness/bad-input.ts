import { beforeAll, expect, inject } from "vitest";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { http, sandboxUrl } from "./api";
import { IBAN_DE, lightningOrder, newClient, operator } from "./fixtures";

// What the suites of bad input share: two clients of their own (an owner and a stranger), a
// challenge, an order and an exchange of the owner's, and the check of one refused request.

export type Client = Awaited<ReturnType<typeof newClient>>;
export type Context = { owner: Client; stranger: Client; ids: { challenge: string; order: string; exchange: string } };

/** The suite's clients and ids, made before its tests run. */
export function clientsAndIds(): Context {
  const ctx = {} as Context;
  beforeAll(async () => {
    ctx.owner = await newClient();
    ctx.stranger = await newClient();
    const challenge = await ctx.owner.api.challenge();
    const { order } = await lightningOrder(ctx.owner.api);
    const { exchange_id } = await operator().pay({ order_id: order.id, amount: 50, currency: "eur" });
    ctx.ids = { challenge: challenge.id, order: order.id, exchange: exchange_id };
  });
  return ctx;
}

export type Case = {
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

export const bigBody = JSON.stringify({ fee_rate: 0.02, padding: "x".repeat(70 * 1024) });
export const validOrder = () => ({
  fee_rate: 0.02,
  payment_method: { currency: "eur", debitor_iban: IBAN_DE },
  payout_method: { bitcoin_address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", message: "m", signature: "s" },
});

/** Sends the case's request as the owner (or the operator) and expects its status and error code, never a 5xx. */
export async function expectRefused(c: Case, owner: Client) {
  const url = `${sandboxUrl()}${c.operator ? "/operator" : ""}${c.path()}`;
  const authorization = c.operator ? `Bearer ${inject("operatorKey")}` : `client_id ${owner.client_id}`;
  const headers: Record<string, string> = { authorization };
  if (c.raw !== undefined) headers["content-type"] = c.type ?? "application/json";
  const reply = await http(c.method, url, { body: c.body?.(), raw: c.raw, headers });
  expect(reply.status).toBe(c.status);
  const body = errorBodySchema.parse(reply.body);
  expect(body.error).toBe(c.code);
  expect(body.documentation_uri).toMatch(new RegExp(`/sandbox/docs/errors#${c.code}$`));
}
