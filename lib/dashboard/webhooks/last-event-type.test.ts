import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { memoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { storeAndPublish } from "./store-event";

// The webhook store records, with each event, the type of the furthest event of its exchange
// (interrupted, executed, then settled or refunded), whatever order the deliveries came in: the
// attention queue's "never announced" rule and its partial index read that column.

let db: Db;
const tenantId = randomUUID();
beforeAll(async () => {
  db = await memoryDatabase();
  await insertTestTenant(db, tenantId, "http://store.test");
}, 60_000);

const event = (exchangeId: string, orderId: string, type: string) => ({
  tenantId,
  bodySha256: randomUUID(),
  rawBody: JSON.stringify({ event: type }),
  eventType: type,
  exchangeId,
  orderId,
  correlationId: null,
  retryCount: 0,
  userAgent: null,
  headers: {},
  receivedAt: new Date(),
  state: type === "exchange.settled" ? ("settled" as const) : ("executed" as const),
});

const lastEventType = async (id: string) => {
  const [row] = await db
    .select({ type: schema.exchanges.lastEventType })
    .from(schema.exchanges)
    .where(and(eq(schema.exchanges.tenantId, tenantId), eq(schema.exchanges.id, id)));
  return row?.type;
};

describe("the webhook store", () => {
  it("keeps each exchange's furthest event type, for a new exchange and an indexed one, alone or in a burst", async () => {
    const [a, b, order] = [randomUUID(), randomUUID(), randomUUID()];
    await storeAndPublish(db, event(a, order, "exchange.executed"));
    expect(await lastEventType(a)).toBe("exchange.executed");
    await storeAndPublish(db, event(a, order, "exchange.settled"));
    expect(await lastEventType(a)).toBe("exchange.settled");
    // a burst: stored together by group commit, the furthest of each exchange wins
    const c = randomUUID();
    await storeAndPublish(db, event(c, order, "exchange.interrupted"));
    await Promise.all([
      storeAndPublish(db, event(b, order, "exchange.executed")),
      storeAndPublish(db, event(c, order, "exchange.executed")),
      storeAndPublish(db, event(b, order, "exchange.settled")),
    ]);
    expect(await lastEventType(c)).toBe("exchange.executed");
    expect(await lastEventType(b)).toBe("exchange.settled");
  });

  it("a delivery that arrives late (executed after settled, a retry) does not take the exchange back", async () => {
    const [a, b, order] = [randomUUID(), randomUUID(), randomUUID()];
    await storeAndPublish(db, event(a, order, "exchange.settled"));
    await storeAndPublish(db, event(a, order, "exchange.executed"));
    expect(await lastEventType(a)).toBe("exchange.settled");
    // both in one statement, the late one stored after
    await Promise.all([
      storeAndPublish(db, event(b, order, "exchange.settled")),
      storeAndPublish(db, event(b, order, "exchange.executed")),
    ]);
    expect(await lastEventType(b)).toBe("exchange.settled");
  });
});
