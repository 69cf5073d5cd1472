import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHmac, randomBytes } from "node:crypto";
import pg from "pg";
import { ExchangeClient } from "@/lib/service-api/client";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import { coinOrder, TEST_IBANS } from "@/lib/dashboard/simulator/test-wallet";
import { removeDir, startApp, type RunningApp } from "@/tests/integration/harness/app-server";
import { createScratchDatabase } from "@/tests/integration/harness/database";
import { DashboardSession } from "@/tests/integration/harness/dashboard";
import { eventBody } from "@/tests/integration/harness/events";

// On PostgreSQL, writes that run side by side can deadlock: an exchange's row and the daily
// figures its trigger keeps (exchange_rollups) are locked by a snapshot refresh in one order and
// by a batch of webhooks in another. PostgreSQL then ends one of them with SQLSTATE 40P01. The
// one it ends has done nothing wrong and must be run again: a snapshot refresh that loses is
// tried again like one that found the service out of reach, not dropped (the exchange would stay
// without a snapshot until its next event, as happened to one of the example activity's 91).
//
// The deadlock is made here on purpose, with a third connection: it locks the daily figures a
// refresh is about to add to, waits until the refresh waits for it, then asks for the exchange's
// row the refresh holds. With its own deadlock_timeout long, the refresh's check runs first and
// PostgreSQL ends the refresh.

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error("the write-conflict test runs on PostgreSQL: set TEST_DATABASE_URL (CI does)");

const password = `conflicts-${randomBytes(6).toString("hex")}`;
const operatorKey = `sk_op_conflicts_${randomBytes(8).toString("hex")}`;
const clientId = `demo_conflicts_${randomBytes(6).toString("hex")}`;
let app: RunningApp;
let database: string;

beforeAll(async () => {
  database = await createScratchDatabase(url, `conflicts_${randomBytes(4).toString("hex")}`);
  app = await startApp({ operatorKey, databaseUrl: database, env: { DEMO_PASSWORD: password, SANDBOX_DEMO_CLIENT_ID: clientId } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (app) removeDir(app.dataDir);
});

/** A client of the app's database, for the length of `work`. */
async function connected<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const hasSnapshot = (tenantId: string, exchangeId: string) =>
  connected(async (c) => {
    const { rows } = await c.query<{ ok: boolean }>("SELECT snapshot IS NOT NULL AS ok FROM exchanges WHERE tenant_id = $1 AND id = $2", [
      tenantId,
      exchangeId,
    ]);
    return rows[0]?.ok ?? false;
  });

/** Waits until exactly one statement of the app waits for a lock (the one the test is making lose a deadlock). */
async function oneWaiting() {
  await connected(async (watcher) => {
    const waiting = async () => {
      const { rows } = await watcher.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0]?.n ?? 0;
    };
    await expect.poll(waiting, { timeout: 20_000, interval: 50 }).toBe(1);
  });
}

/** A transaction that takes locks now and asks for more later; it looks for deadlocks long after the app's statements do. */
async function holding(work: (holder: pg.Client) => Promise<void>) {
  await connected(async (holder) => {
    await holder.query("BEGIN");
    await holder.query("SET LOCAL deadlock_timeout = '60s'");
    try {
      await work(holder);
    } finally {
      await holder.query("ROLLBACK");
    }
  });
}

/** A tenant of our own on the app's sandbox (only the webhooks sent here reach it), and what the tests do with it. */
async function ownTenant() {
  const op = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
  const created = await op.request("POST", "/api/operator/tenants", {
    name: `Conflicts ${randomBytes(3).toString("hex")}`,
    base_url: app.sandboxUrl,
    client_id: clientId,
    network: "testnet",
  });
  expect(created.status).toBe(201);
  const tenant = created.body as { id: string; webhook_url: string; webhook_secret: string };
  /** Sends a signed exchange.refunded for the exchange; resolves to the answer's status. */
  const deliver = async (exchangeId: string) => {
    const body = eventBody("exchange.refunded", { exchange_id: exchangeId });
    const response = await fetch(`${app.baseUrl}${new URL(tenant.webhook_url).pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature-256": `sha256=${createHmac("sha256", tenant.webhook_secret).update(body).digest("hex")}`,
      },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  const api = new ExchangeClient({ baseUrl: app.sandboxUrl, clientId });
  const operator = new SandboxOperatorClient(app.sandboxUrl, operatorKey);
  const order = await coinOrder(api, "testnet", { currency: "eur", debitorIban: TEST_IBANS.eur });
  /** A company paying: refunded at once by the compliance rules. */
  const refunded = async () =>
    (await operator.pay({ order_id: order.id, amount: 50, currency: "eur", payer: { kind: "company", name: "Muster GmbH" } })).exchange_id;
  return { tenant, deliver, refunded };
}

const lines = () => app.output().split("\n");

describe("deadlocks on PostgreSQL", () => {
  it("a snapshot refresh PostgreSQL ends to break a deadlock is tried again, and the exchange gets its snapshot", async () => {
    const { tenant, deliver, refunded } = await ownTenant();
    // a first exchange refreshed: its day's figures (a refunded btc/eur exchange) have their row
    const first = await refunded();
    expect(await deliver(first)).toBe(200);
    await expect.poll(() => hasSnapshot(tenant.id, first), { timeout: 20_000, interval: 100 }).toBe(true);

    await holding(async (holder) => {
      await holder.query("SELECT 1 FROM exchange_rollups WHERE tenant_id = $1 AND pair <> '' FOR UPDATE", [tenant.id]);
      // a second exchange of the same day and kind: its webhook is stored (the figures of an
      // exchange without a snapshot are another row), its refresh then waits for the locked figures
      const second = await refunded();
      expect(await deliver(second)).toBe(200);
      await oneWaiting();
      // the exchange's row, which the refresh holds: a cycle, which PostgreSQL breaks by ending the refresh
      await holder.query("UPDATE exchanges SET last_event_type = last_event_type WHERE tenant_id = $1 AND id = $2", [tenant.id, second]);
      await holder.query("ROLLBACK");
      await holder.query("BEGIN");
      await expect.poll(() => hasSnapshot(tenant.id, second), { timeout: 20_000, interval: 100 }).toBe(true);
    });
    // the refresh did lose the deadlock, and was tried again rather than given up
    expect(lines().some((line) => line.includes("refreshing an exchange failed; trying again") && line.includes("deadlock detected"))).toBe(
      true,
    );
    expect(lines().filter((line) => line.includes('"refreshing an exchange failed"'))).toEqual([]);
  }, 120_000);

  it("a webhook whose statement PostgreSQL ends to break a deadlock is stored all the same, once, and answered 200", async () => {
    const { tenant, deliver, refunded } = await ownTenant();
    // a first event: the tenant's event cursor has its row
    const first = await refunded();
    expect(await deliver(first)).toBe(200);
    await expect.poll(() => hasSnapshot(tenant.id, first), { timeout: 20_000, interval: 100 }).toBe(true);
    const exchange = await refunded();
    await holding(async (holder) => {
      // the figures of exchanges without a snapshot, which storing a new exchange's first event adds to
      await holder.query("SELECT 1 FROM exchange_rollups WHERE tenant_id = $1 FOR UPDATE", [tenant.id]);
      await holder.query(
        "INSERT INTO exchange_rollups (tenant_id, day, affiliate, recorded, pair, type, state, count, cost, amount, fee, earning) " +
          "SELECT $1, d, 'none', false, '', '', 'refunded', 1, 0, 0, 0, 0 " +
          "FROM generate_series(current_date - 2, current_date + 2, '1 day') d " +
          "ON CONFLICT DO NOTHING",
        [tenant.id],
      );
      const answered = deliver(exchange);
      // the webhook's statement has bumped the tenant's event cursor and waits for the figures
      await oneWaiting();
      // the cursor's row, which the webhook's statement holds: PostgreSQL ends the webhook's statement
      await holder.query("UPDATE event_cursors SET seq = seq WHERE tenant_id = $1", [tenant.id]);
      await holder.query("ROLLBACK");
      await holder.query("BEGIN");
      expect(await answered).toBe(200);
    });
    const stored = await connected(
      async (c) =>
        (
          await c.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_events WHERE tenant_id = $1 AND exchange_id = $2", [
            tenant.id,
            exchange,
          ])
        ).rows[0]?.n,
    );
    expect(stored).toBe(1);
    expect(lines().some((line) => line.includes("storing webhooks failed; trying again") && line.includes("deadlock detected"))).toBe(true);
  }, 120_000);
});
