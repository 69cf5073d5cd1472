import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { ExchangeClient } from "@/lib/service-api/client";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import { coinOrder, TEST_IBANS } from "@/lib/dashboard/simulator/test-wallet";
import { removeDir, startApp, type RunningApp } from "@/tests/integration/harness/app-server";
import { createScratchDatabase, dropScratchDatabase } from "@/tests/integration/harness/database";
import { DashboardSession } from "@/tests/integration/harness/dashboard";
import { eventBody } from "@/tests/integration/harness/events";

// On PostgreSQL, writes that run side by side can deadlock: an exchange's row and the daily
// figures its trigger keeps (exchange_rollups) are locked by a snapshot's upsert in one order and
// by a batch of webhooks in another. PostgreSQL then ends one of them with SQLSTATE 40P01. The
// one it ends has done nothing wrong and is run again: dropped, a snapshot refresh would leave the
// exchange without a snapshot until its next event (as happened to one of the example activity's
// 91 once), and a webhook would be answered 500 and wait for the service's next try.
//
// The deadlock is made here on purpose, with a third connection (the holder): it locks the daily
// figures the app's statement is about to add to, waits until that statement waits for it, then
// asks for a row the statement holds. The app's database looks for deadlocks 5 s into a wait, the
// holder's only after 60 s: PostgreSQL ends the app's statement, whatever the machine's load.

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error("the write-conflict test runs on PostgreSQL: set TEST_DATABASE_URL (CI does)");

const password = `conflicts-${randomBytes(6).toString("hex")}`;
const operatorKey = `sk_op_conflicts_${randomBytes(8).toString("hex")}`;
const clientId = `demo_conflicts_${randomBytes(6).toString("hex")}`;
let app: RunningApp;
let database: string;

const name = `conflicts_${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  database = await createScratchDatabase(url, name);
  await connected((c) => c.query(`ALTER DATABASE ${name} SET deadlock_timeout = '5s'`));
  app = await startApp({ operatorKey, databaseUrl: database, env: { DEMO_PASSWORD: password, SANDBOX_DEMO_CLIENT_ID: clientId } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (app) removeDir(app.dataDir);
  await dropScratchDatabase(url, name);
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

/** A transaction that takes locks now and asks for more later (it looks for deadlocks after 60 s). */
async function holding(work: (holder: pg.Client, waitedFor: () => Promise<void>) => Promise<void>) {
  await connected(async (holder) => {
    await holder.query("BEGIN");
    await holder.query("SET LOCAL deadlock_timeout = '60s'");
    const pid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
    /** Until one of the app's statements waits for a lock the holder holds. */
    const waitedFor = () =>
      connected(async (watcher) => {
        const blocked = async () =>
          (
            await watcher.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND $1 = ANY (pg_blocking_pids(pid))",
              [pid],
            )
          ).rows[0]?.n ?? 0;
        await expect.poll(blocked, { timeout: 20_000, interval: 50 }).toBe(1);
      });
    try {
      await work(holder, waitedFor);
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
        "x-signature-256": signBody(body, tenant.webhook_secret),
      },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  const api = new ExchangeClient({ baseUrl: app.sandboxUrl, clientId, allowPrivate: true });
  const operator = new SandboxOperatorClient(app.sandboxUrl, operatorKey);
  const order = await coinOrder(api, "testnet", { currency: "eur", debitorIban: TEST_IBANS.eur });
  /** A company paying: refunded at once by the compliance rules. */
  const refunded = async () =>
    (await operator.pay({ order_id: order.id, amount: 50, currency: "eur", payer: { kind: "company", name: "Muster GmbH" } })).exchange_id;
  return { tenant, deliver, refunded };
}

const lines = () => app.output().split("\n");

describe("deadlocks on PostgreSQL", () => {
  it("a snapshot's upsert PostgreSQL ends to break a deadlock is run again, and the exchange gets its snapshot", async () => {
    const { tenant, deliver, refunded } = await ownTenant();
    // a first exchange refreshed: its day's figures (a refunded btc/eur exchange) have their row
    const first = await refunded();
    expect(await deliver(first)).toBe(200);
    await expect.poll(() => hasSnapshot(tenant.id, first), { timeout: 20_000, interval: 100 }).toBe(true);

    await holding(async (holder, waitedFor) => {
      // those figures, and the same for the days around (should the second exchange fall on the next)
      await holder.query("SELECT 1 FROM exchange_rollups WHERE tenant_id = $1 AND pair <> '' FOR UPDATE", [tenant.id]);
      await holder.query(
        "INSERT INTO exchange_rollups SELECT r.tenant_id, d, r.affiliate, r.recorded, r.pair, r.type, r.state, 1, 0, 0, 0, 0 " +
          "FROM exchange_rollups r CROSS JOIN generate_series(r.day - 1, r.day + 1, '1 day') d " +
          "WHERE r.tenant_id = $1 AND r.pair <> '' ON CONFLICT DO NOTHING",
        [tenant.id],
      );
      // a second exchange of the same kind: its webhook is stored (the figures of an exchange
      // without a snapshot are another row), its refresh then waits for the locked figures
      const second = await refunded();
      expect(await deliver(second)).toBe(200);
      await waitedFor();
      // the exchange's row, which the refresh's upsert holds: a cycle, which PostgreSQL breaks by ending the upsert
      await holder.query("UPDATE exchanges SET last_event_type = last_event_type WHERE tenant_id = $1 AND id = $2", [tenant.id, second]);
      await holder.query("ROLLBACK");
      await holder.query("BEGIN");
      await expect.poll(() => hasSnapshot(tenant.id, second), { timeout: 20_000, interval: 100 }).toBe(true);
    });
    // the upsert did lose the deadlock, and was run again rather than given up
    expect(
      lines().some((line) => line.includes("storing exchange snapshots failed; trying again") && line.includes("deadlock detected")),
    ).toBe(true);
    expect(lines().filter((line) => line.includes("refreshing an exchange failed"))).toEqual([]);
  }, 120_000);

  it("a webhook whose statement PostgreSQL ends to break a deadlock is stored all the same, once, and answered 200", async () => {
    const { tenant, deliver, refunded } = await ownTenant();
    // a first event: the tenant's event cursor has its row
    const first = await refunded();
    expect(await deliver(first)).toBe(200);
    await expect.poll(() => hasSnapshot(tenant.id, first), { timeout: 20_000, interval: 100 }).toBe(true);
    const exchange = await refunded();
    await holding(async (holder, waitedFor) => {
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
      await waitedFor();
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
