import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { memoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import type { Exchange } from "@/lib/service-api/schemas";
import type { ExchangeState } from "@/lib/service-api/exchange-state";
import { listExchanges } from "./list-exchanges";
import { ATTENTION_LIMITS, countAttention } from "./attention";

// Two rules of "needs attention" the service gives no time for: identification pending since the
// exchange was first seen (measured on the service's clock, as the sandbox's operators move it),
// and a payout unconfirmed since its first exchange.settled webhook (on the dashboard's clock).
// The integration suite covers the other two against the sandbox; these move "now" instead, on a
// real PGlite.

const HOUR = 3_600_000;
let db: Db;
let tenantId: string;
let seq = 0;

beforeAll(async () => {
  db = await memoryDatabase();
  tenantId = randomUUID();
  await insertTestTenant(db, tenantId, "http://x");
}, 60_000);

const base = (id: string): Exchange =>
  ({
    id,
    order_id: randomUUID(),
    fee_rate: 0.02,
    pair: "btc/eur",
    type: "buy",
    cost: 100,
    executed_on: null,
    amount: null,
    rate: null,
    fee: null,
    action: null,
    reason: null,
    payout: null,
  }) as Exchange;

/** An indexed exchange first seen at `seenAt`, with the webhook that announced its state received then. */
async function indexed(state: ExchangeState, snapshot: Exchange, seenAt: Date) {
  await db.insert(schema.exchanges).values({
    id: snapshot.id,
    tenantId,
    orderId: snapshot.order_id,
    snapshot,
    state,
    pair: snapshot.pair,
    type: snapshot.type,
    firstSeenAt: seenAt,
    firstSeenServiceAt: seenAt,
    fetchedAt: seenAt,
    // as the webhook store records it with the event below
    lastEventType: `exchange.${state}`,
  });
  seq += 1;
  await db.insert(schema.webhookEvents).values({
    tenantId,
    seq,
    bodySha256: `${snapshot.id}-${seq}`,
    rawBody: "{}",
    eventType: `exchange.${state}`,
    exchangeId: snapshot.id,
    orderId: snapshot.order_id,
    receivedAt: seenAt,
  });
}

async function attention(now: Date, serviceNow = now) {
  const page = await listExchanges(db, { id: tenantId, timeZone: "UTC" }, { limit: 100, attention: "1" }, { now, serviceNow });
  return Object.fromEntries(page.data.map((e) => [e.id, e.attention]));
}

describe("needs attention on the dashboard's clock", () => {
  const seen = new Date("2026-11-20T08:00:00.000Z");
  const interrupted = randomUUID();
  const unconfirmed = randomUUID();
  const confirmed = randomUUID();

  beforeAll(async () => {
    await indexed(
      "interrupted",
      { ...base(interrupted), action: { code: "identification_required", identification_id: randomUUID() } } as Exchange,
      seen,
    );
    const settled = (id: string, isConfirmed: boolean) =>
      ({
        ...base(id),
        executed_on: seen.toISOString(),
        amount: 0.001,
        rate: 95_000,
        fee: 2,
        payout: {
          txid: "a".repeat(64),
          outpoint: 0,
          bitcoin_address: "tb1qexample",
          derivation_path: null,
          block_height: isConfirmed ? 100 : null,
          confirmed: isConfirmed,
          fee: 0.00001,
          amount: 0.00099,
        },
      }) as Exchange;
    await indexed("settled", settled(unconfirmed, false), seen);
    await indexed("settled", settled(confirmed, true), seen);
  });

  it("nothing is overdue just before the limits", async () => {
    const justBefore = new Date(seen.getTime() + ATTENTION_LIMITS.unconfirmedHours * HOUR - 60_000);
    expect(await attention(justBefore)).toEqual({});
  });

  it("a payout unconfirmed 24 h after its first exchange.settled webhook", async () => {
    const after = new Date(seen.getTime() + ATTENTION_LIMITS.unconfirmedHours * HOUR + 60_000);
    expect(await attention(after)).toEqual({ [unconfirmed]: "unconfirmed" });
  });

  it("identification pending for more than 48 h since the exchange was first seen; a confirmed payout never", async () => {
    const after = new Date(seen.getTime() + ATTENTION_LIMITS.identificationHours * HOUR + 60_000);
    expect(await attention(after)).toEqual({ [interrupted]: "identification_overdue", [unconfirmed]: "unconfirmed" });
    expect(await countAttention(db, tenantId, after, after)).toBe(2);
  });

  it("identification pending is aged on the service's clock: a sandbox clock moved two days on flags it at once", async () => {
    const soon = new Date(seen.getTime() + HOUR);
    const serviceAhead = new Date(seen.getTime() + ATTENTION_LIMITS.identificationHours * HOUR + 60_000);
    expect(await attention(soon, serviceAhead)).toEqual({ [interrupted]: "identification_overdue" });
  });
});
