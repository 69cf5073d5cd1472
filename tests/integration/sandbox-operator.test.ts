import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientListSchema, deliveriesSchema, operatorExchangeSchema, recoverResultSchema } from "@/lib/service-api/operator-contract";
import { errorCode, parse } from "./harness/api";
import { coinOrder, lightningOrder, newClient, operator } from "./harness/fixtures";
import { startReceiver, type Receiver } from "./harness/webhook-receiver";

// The operator API the console builds on: delivery filters, recovery after an outage, and the
// operator's view of an exchange with the events its state allows.

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const op = operator();

async function deliveries(query: string) {
  return parse(deliveriesSchema, await op.request("GET", `/deliveries?${query}`), 200).deliveries;
}

async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await op.runDeliveries();
  }
  throw new Error("never settled");
}

describe("GET /sandbox/operator/deliveries filters", () => {
  it("by status, endpoint, since and limit; each delivery names its client and endpoint", async () => {
    receiver.respond((_req, res) => res.writeHead(204).end());
    const client = await newClient(receiver.url);
    const clients = parse(clientListSchema, await op.request("GET", "/clients"), 200).clients;
    const endpoint = clients.find((c) => c.client_id === client.client_id)?.endpoints[0];
    expect(endpoint?.url).toBe(receiver.url);
    const { order } = await coinOrder(client.api);
    const before = await op.now();
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 30, currency: "eur" });
    await op.drive(exchange_id, { type: "broadcast" });
    const mine = await settled(
      () => deliveries(`endpoint_id=${endpoint?.id}`),
      (d) => d.length === 2 && d.every((x) => x.status === "delivered"),
    );
    expect(mine.map((d) => d.event)).toEqual(["exchange.settled", "exchange.executed"]);
    expect(mine.every((d) => d.client_id === client.client_id && d.endpoint_id === endpoint?.id)).toBe(true);
    expect(await deliveries(`endpoint_id=${endpoint?.id}&status=failed`)).toEqual([]);
    expect(await deliveries(`endpoint_id=${endpoint?.id}&limit=1`)).toHaveLength(1);
    const since = new Date(before.getTime() + 3_600_000).toISOString();
    expect(await deliveries(`endpoint_id=${endpoint?.id}&since=${encodeURIComponent(since)}`)).toEqual([]);
  });

  it.each([["status=lost"], ["since=yesterday"], ["limit=0"], ["exchange_id=nope"], ["colour=red"]])(
    "?%s → 400 invalid_request",
    async (q) => {
      const reply = await op.request("GET", `/deliveries?${q}`);
      expect(reply.status).toBe(400);
      expect(errorCode(reply)).toBe("invalid_request");
    },
  );
});

describe("POST /sandbox/operator/deliveries/recover", () => {
  it("queues every failed delivery of the endpoint since T again, and they are delivered", async () => {
    const down = await startReceiver();
    try {
      down.respond((_req, res) => res.writeHead(503).end());
      const client = await newClient(down.url);
      const endpointId = parse(clientListSchema, await op.request("GET", "/clients"), 200).clients.find(
        (c) => c.client_id === client.client_id,
      )?.endpoints[0]?.id;
      const { order } = await coinOrder(client.api);
      const since = (await op.now()).toISOString();
      const exchanges = [];
      for (let i = 0; i < 2; i++) exchanges.push((await op.pay({ order_id: order.id, amount: 20 + i, currency: "eur" })).exchange_id);
      // ten attempts on the sandbox clock: 5 min doubling, about 85 h in all. The app's own worker
      // may hold a delivery while this loop runs them, so it moves the clock until both have failed.
      const failed = await settled(
        async () => {
          await op.now(48 * 3600);
          return deliveries(`endpoint_id=${endpointId}&status=failed`);
        },
        (d) => d.length === 2,
      );
      expect(failed.map((d) => d.attempts)).toEqual([10, 10]);

      down.respond((_req, res) => res.writeHead(200).end());
      const reply = await op.request("POST", "/deliveries/recover", { endpoint_id: endpointId, since });
      expect(parse(recoverResultSchema, reply, 200)).toEqual({ recovered: 2 });
      const after = await settled(
        () => deliveries(`endpoint_id=${endpointId}`),
        (d) => d.every((x) => x.status === "delivered"),
      );
      expect(after.map((d) => d.attempts)).toEqual([11, 11]);
      for (const id of exchanges) await down.waitFor((r) => r.body.includes(id) && r.headers["x-retry-count"] === "10");
      // nothing left to recover
      expect(parse(recoverResultSchema, await op.request("POST", "/deliveries/recover", { endpoint_id: endpointId, since }), 200)).toEqual({
        recovered: 0,
      });
    } finally {
      await down.close();
    }
  });

  it.each([
    [{ endpoint_id: "00000000-0000-4000-8000-000000000000", since: "2026-01-01T00:00:00Z" }, 404, "not_found"],
    [{ endpoint_id: "x", since: "2026-01-01T00:00:00Z" }, 400, "invalid_request"],
    [{ endpoint_id: "00000000-0000-4000-8000-000000000000" }, 400, "invalid_request"],
  ])("%j → %i %s", async (body, status, code) => {
    const reply = await op.request("POST", "/deliveries/recover", body);
    expect(reply.status).toBe(status);
    expect(errorCode(reply)).toBe(code);
  });

  it("resend of an unknown delivery → 404", async () => {
    const reply = await op.request("POST", "/deliveries/00000000-0000-4000-8000-000000000000/resend");
    expect(reply.status).toBe(404);
  });
});

describe("GET /sandbox/operator/exchanges/{id}", () => {
  const allowed = (view: { events: { type: string; allowed: boolean }[] }) =>
    view.events
      .filter((e) => e.allowed)
      .map((e) => e.type)
      .sort();

  it("lists the operator events that fit each state of an on-chain exchange, with the reason for the others", async () => {
    const client = await newClient();
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 30, currency: "eur" });
    const view = async () => parse(operatorExchangeSchema, await op.request("GET", `/exchanges/${exchange_id}`), 200);

    const executed = await view();
    expect(executed).toMatchObject({ client_id: client.client_id, payout_kind: "coin", exchange: { id: exchange_id } });
    expect(allowed(executed)).toEqual(["broadcast", "refund"]);
    expect(executed.events.find((e) => e.type === "confirm")?.reason).toMatch(/broadcast first/);

    await op.drive(exchange_id, { type: "broadcast" });
    expect(allowed(await view())).toEqual(["confirm", "replace"]);
    await op.drive(exchange_id, { type: "confirm" });
    expect(allowed(await view())).toEqual(["confirm"]);

    // what the view refuses, driving refuses with the same reason
    const refused = (await view()).events.find((e) => e.type === "replace");
    const reply = await op.drive(exchange_id, { type: "replace" });
    expect(reply.status).toBe(409);
    expect(refused?.reason).toBe("A confirmed transaction cannot be replaced");
  });

  it("identification and Lightning payouts", async () => {
    const client = await newClient();
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 1500, currency: "eur" });
    const held = parse(operatorExchangeSchema, await op.request("GET", `/exchanges/${exchange_id}`), 200);
    expect(allowed(held)).toEqual(["identification_approved", "identification_rejected", "refund"]);

    const ln = await lightningOrder(client.api);
    const paid = await op.pay({ order_id: ln.order.id, amount: 30, currency: "eur" });
    const waiting = parse(operatorExchangeSchema, await op.request("GET", `/exchanges/${paid.exchange_id}`), 200);
    expect(waiting.payout_kind).toBe("lightning");
    expect(allowed(waiting)).toEqual(["payout_expired", "refund"]);
  });

  it("an unknown or malformed id → 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const reply = await op.request("GET", `/exchanges/${id}`);
      expect(reply.status).toBe(404);
      expect(errorCode(reply)).toBe("not_found");
    }
  });
});
