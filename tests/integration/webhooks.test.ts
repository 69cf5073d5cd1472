import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomBytes } from "node:crypto";
import { OperatorApi, ClientApi } from "./harness/api";
import { coinOrder, newClient, operator } from "./harness/fixtures";
import { removeDir, startApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { startReceiver, type Receiver } from "./harness/webhook-receiver";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const op = operator();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

describe("webhook retries on the sandbox clock", () => {
  it("a failing endpoint is retried after 5, 10, 20 … minutes, 10 attempts, then failed; resend delivers", async () => {
    const client = await newClient(receiver.url);
    receiver.respond((_req, res) => res.writeHead(503).end("down"));
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 40, currency: "eur" });
    const mine = () => receiver.received.filter((r) => r.body.includes(exchange_id));

    let deliveries = await until(
      () => op.deliveries(exchange_id),
      (d) => d[0]?.attempts === 1,
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event: "exchange.executed", status: "pending", attempts: 1, last_status_code: 503 });

    await op.now(4 * 60);
    await op.runDeliveries();
    expect(mine()).toHaveLength(1);

    for (let attempt = 2; attempt <= 10; attempt++) {
      const due = new Date((await op.deliveries(exchange_id))[0]?.next_attempt_at ?? 0);
      const now = await op.now();
      await op.now(Math.ceil((due.getTime() - now.getTime()) / 1000) + 1);
      await op.runDeliveries();
      deliveries = await until(
        () => op.deliveries(exchange_id),
        (d) => d[0]?.attempts === attempt,
      );
      expect(deliveries[0]?.attempts).toBe(attempt);
    }
    const delivery = deliveries[0];
    expect(delivery).toMatchObject({ status: "failed", attempts: 10, next_attempt_at: null });
    const gaps = (delivery?.history ?? []).slice(1).map((h, i) => {
      const previous = delivery?.history[i];
      return Math.round((new Date(h.started_at).getTime() - new Date(previous?.started_at ?? 0).getTime()) / 60_000);
    });
    expect(gaps).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280]);
    expect(mine().map((r) => r.headers["x-retry-count"])).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(new Set(mine().map((r) => r.headers["x-correlation-id"])).size).toBe(1);
    expect(new Set(mine().map((r) => r.body)).size).toBe(1);

    receiver.respond((_req, res) => res.writeHead(204).end());
    const resent = await op.request("POST", `/deliveries/${delivery?.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: "delivered", attempts: 11, last_status_code: 204 });
    expect(mine().at(-1)?.headers["x-retry-count"]).toBe("10");
  });

  it("events of one exchange are first delivered in the order they happened", async () => {
    receiver.respond((_req, res) => res.writeHead(200).end());
    const client = await newClient(receiver.url);
    const { order } = await coinOrder(client.api);
    const { exchange_id } = await op.pay({ order_id: order.id, amount: 40, currency: "eur" });
    await op.drive(exchange_id, { type: "broadcast" });
    await op.drive(exchange_id, { type: "replace" });
    await op.drive(exchange_id, { type: "confirm" });
    await receiver.waitFor((r) => r.body.includes(exchange_id) && r.body.includes('"confirmations":1'));
    const confirmations = receiver.received
      .filter((r) => r.body.includes(exchange_id))
      .map((r) => JSON.parse(r.body) as { event: string; payload: { payout: { confirmations: number } | null } })
      .map((e) => `${e.event}:${e.payload.payout?.confirmations ?? "-"}`);
    expect(confirmations).toEqual(["exchange.executed:-", "exchange.settled:0", "exchange.settled:0", "exchange.settled:1"]);
  });

  it("each endpoint of the client gets its own signed delivery", async () => {
    receiver.respond((_req, res) => res.writeHead(200).end());
    const second = await startReceiver();
    try {
      const client = await operator().createClient("Two endpoints", [
        { url: receiver.url, secret: "secret-number-one-0000" },
        { url: second.url, secret: "secret-number-two-0000" },
      ]);
      const { order } = await coinOrder(client.api);
      const { exchange_id } = await op.pay({ order_id: order.id, amount: 40, currency: "eur" });
      const [a, b] = await Promise.all([
        receiver.waitFor((r) => r.body.includes(exchange_id)),
        second.waitFor((r) => r.body.includes(exchange_id)),
      ]);
      expect(a.body).toBe(b.body);
      expect(a.headers["x-signature-256"]).not.toBe(b.headers["x-signature-256"]);
      expect(a.headers["x-correlation-id"]).toBe(b.headers["x-correlation-id"]);
    } finally {
      await second.close();
    }
  });
});

describe("outbox durability", () => {
  it("nothing is lost when the app is killed mid-delivery and restarted", async () => {
    const databaseUrl = inject("databaseUrl");
    const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `restart_${randomBytes(4).toString("hex")}`) : undefined;
    const operatorKey = `sk_op_restart_${randomBytes(8).toString("hex")}`;
    let app = await startApp({ operatorKey, databaseUrl: scratch });
    const local = new OperatorApi(operatorKey, app.sandboxUrl);
    const hanging = await startReceiver();
    try {
      hanging.respond(() => undefined); // never answers: the delivery is in flight
      const client = await local.createClient("Restart", [{ url: hanging.url, secret: "restart-secret-0000" }]);
      const api = new ClientApi(client.client_id, app.sandboxUrl);
      const { order } = await coinOrder(api);
      const paid = [];
      for (let i = 0; i < 3; i++) paid.push((await local.pay({ order_id: order.id, amount: 10 + i, currency: "eur" })).exchange_id);
      await hanging.waitFor(() => true);
      await app.stop("SIGKILL");
      const beforeRestart = hanging.received.length;

      hanging.respond((_req, res) => res.writeHead(200).end());
      app = await startApp({ operatorKey, databaseUrl: scratch, dataDir: app.dataDir, port: app.port });
      // claims of the killed process lapse (at once on PGlite, after 15 s on PostgreSQL)
      const afterRestart = (id: string) => (r: (typeof hanging.received)[number]) =>
        hanging.received.indexOf(r) >= beforeRestart && r.body.includes(id);
      for (const id of paid) await hanging.waitFor(afterRestart(id), 30_000);
      const restarted = new OperatorApi(operatorKey, app.sandboxUrl);
      for (const id of paid) {
        const deliveries = await until(
          () => restarted.deliveries(id),
          (d) => d[0]?.status === "delivered",
        );
        expect(deliveries[0]).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200 });
      }
    } finally {
      await hanging.close();
      await app.stop();
      if (!scratch) removeDir(app.dataDir);
    }
  });
});

describe("delivery order", () => {
  it("deliveries claimed together go out in each exchange's event order", async () => {
    // one exchange's webhook is held at the receiver for a while: the worker's pass waits on it,
    // and meanwhile four exchanges each make four events, which the next pass claims together
    const hold = await startReceiver();
    try {
      const client = await newClient(hold.url);
      const blocker = (await coinOrder(client.api)).order;
      const orders = await Promise.all(Array.from({ length: 4 }, async () => (await coinOrder(client.api)).order));
      let held = "";
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      hold.respond((request, res) => {
        if (held && request.body.includes(held)) void released.then(() => res.writeHead(200).end("ok"));
        else res.writeHead(200).end("ok");
      });
      held = (await op.pay({ order_id: blocker.id, amount: 40, currency: "eur" })).exchange_id;
      await hold.waitFor((r) => r.body.includes(held));
      const exchanges: string[] = [];
      for (const order of orders) {
        const { exchange_id } = await op.pay({ order_id: order.id, amount: 40, currency: "eur" });
        for (const type of ["broadcast", "replace", "confirm"]) await op.drive(exchange_id, { type });
        exchanges.push(exchange_id);
      }
      release();
      const orderOf = (id: string) =>
        hold.received
          .map(
            (r) =>
              JSON.parse(r.body) as {
                event: string;
                payload: { exchange_id: string; payout: { confirmations?: number; txid?: string } | null };
              },
          )
          .filter((e) => e.payload.exchange_id === id);
      for (const id of exchanges) {
        await hold.waitFor(() => orderOf(id).length === 4);
        const events = orderOf(id);
        expect(
          events.map((e) => [e.event, e.payload.payout?.confirmations ?? null]),
          id,
        ).toEqual([
          ["exchange.executed", null],
          ["exchange.settled", 0],
          ["exchange.settled", 0],
          ["exchange.settled", 1],
        ]);
        expect(events[2]?.payload.payout?.txid).toBe(events[3]?.payload.payout?.txid);
      }
    } finally {
      await hold.close();
    }
  });
});
