import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { CHANNEL } from "@/lib/dashboard/events/event-store";
import { tenantFrame } from "@/lib/dashboard/events/sse";
import { busSignalSchema, webhookFrameSchema, type BusSignal } from "@/lib/dashboard/contract/dashboard-api";
import { eventsAfter, eventsBetween } from "@/lib/dashboard/events/event-store";
import { storeAndPublish } from "./store-event";

// The bus signal is built in SQL (json_build_object, sent by pg_notify in the statement that
// stores the events): it must be the contract's BusSignal, name exactly the cursors stored, and
// the notices read for it must be the ones a replay after Last-Event-ID reads.

let db: Db;
let client: PGlite;
beforeAll(async () => {
  ({ db, client } = await openMemoryDatabase());
}, 60_000);

async function tenant(): Promise<string> {
  const id = randomUUID();
  await db.insert(schema.tenants).values({
    id,
    name: "T",
    baseUrl: "http://x",
    clientIdEnc: "x",
    webhookSecretEnc: "x",
    webhookEndpointId: id,
    isDefault: false,
    createdAt: new Date(),
  });
  return id;
}

function event(tenantId: string, overrides: Partial<Parameters<typeof storeAndPublish>[1]> = {}) {
  return {
    tenantId,
    bodySha256: randomUUID(),
    rawBody: "{}",
    eventType: "exchange.executed",
    exchangeId: randomUUID(),
    orderId: randomUUID(),
    correlationId: randomUUID(),
    retryCount: 0,
    userAgent: "Sandbox-Webhook/1.0",
    headers: { "user-agent": "Sandbox-Webhook/1.0", "x-retry-count": "0" },
    receivedAt: new Date("2026-11-21T10:00:00.123Z"),
    state: "executed" as const,
    ...overrides,
  };
}

/** The tenant's signals heard while `work` runs, until `expected` holds of them. */
async function signalsDuring(tenantId: string, work: () => Promise<unknown>, expected: (signals: BusSignal[]) => boolean) {
  const signals: BusSignal[] = [];
  let done: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => (done = resolve));
  const unlisten = await client.listen(CHANNEL, (payload) => {
    const signal = busSignalSchema.parse(JSON.parse(payload));
    if (signal.tenant_id !== tenantId) return;
    signals.push(signal);
    if (expected(signals)) done();
  });
  await work();
  await complete;
  await unlisten();
  return signals;
}

describe("storing webhook events", () => {
  it("signals ids only, and the notice read for the signal is the replayed one and makes a frame the browser parses", async () => {
    const tenantId = await tenant();
    const e = event(tenantId);
    let seq: number | null = null;
    const signals = await signalsDuring(
      tenantId,
      async () => (seq = await storeAndPublish(db, e)),
      (s) => s.length === 1,
    );
    expect(seq).toBe(1);
    expect(signals).toEqual([{ kind: "webhook", tenant_id: tenantId, first_seq: 1, last_seq: 1 }]);
    const [notice] = await eventsBetween(db, tenantId, 1, 1);
    expect(notice).toEqual({
      kind: "webhook",
      tenant_id: tenantId,
      seq: 1,
      event: "exchange.executed",
      exchange_id: e.exchangeId,
      order_id: e.orderId,
      received_at: e.receivedAt.toISOString(),
    });
    expect(await eventsAfter(db, tenantId, 0, 10)).toEqual([notice]);

    const text = new TextDecoder().decode(tenantFrame(notice!) ?? undefined);
    const [id, type, data] = text.trimEnd().split("\n");
    expect(id).toBe("id: 1");
    expect(type).toBe("event: webhook");
    expect(webhookFrameSchema.parse(JSON.parse((data ?? "").replace(/^data: /, "")))).toEqual({
      seq: 1,
      event: "exchange.executed",
      exchange_id: e.exchangeId,
      order_id: e.orderId,
      received_at: e.receivedAt.toISOString(),
    });
  });

  it("stores a burst together: consecutive cursors in arrival order, duplicates refused, every cursor signalled once", async () => {
    const tenantId = await tenant();
    const events = Array.from({ length: 40 }, () => event(tenantId));
    // the 11th repeats the 3rd, the 31st the 30th: the same body twice in one burst
    events[10] = { ...events[10]!, bodySha256: events[2]!.bodySha256 };
    events[30] = { ...events[30]!, bodySha256: events[29]!.bodySha256 };
    let seqs: (number | null)[] = [];
    const covered = (s: BusSignal[]) => s.reduce((n, x) => n + (x.kind === "webhook" ? x.last_seq - x.first_seq + 1 : 0), 0) === 38;
    const signals = await signalsDuring(
      tenantId,
      async () => (seqs = await Promise.all(events.map((e) => storeAndPublish(db, e)))),
      covered,
    );
    const expected: (number | null)[] = [];
    let next = 1;
    events.forEach((_, i) => expected.push(i === 10 || i === 30 ? null : next++));
    expect(seqs).toEqual(expected);
    // fewer signals than events: the events that arrived while one statement ran went in the next
    expect(signals.length).toBeGreaterThan(1);
    expect(signals.length).toBeLessThan(events.length);
    let from = 1;
    for (const s of signals) {
      if (s.kind !== "webhook") throw new Error("a webhook signal was expected");
      expect(s.first_seq).toBe(from);
      from = s.last_seq + 1;
    }
    const stored = await eventsBetween(db, tenantId, 1, 38);
    expect(stored.map((n) => n.seq)).toEqual(expected.filter((s) => s !== null));
    expect(stored.map((n) => n.exchange_id)).toEqual(events.filter((_, i) => i !== 10 && i !== 30).map((e) => e.exchangeId));
    // a second delivery of a stored body, later, is a duplicate too
    expect(await storeAndPublish(db, { ...event(tenantId), bodySha256: events[0]!.bodySha256 })).toBeNull();
  });

  it("keeps a statement's bodies to about a megabyte: large bodies arriving together go in several", async () => {
    const tenantId = await tenant();
    const large = Array.from({ length: 6 }, (_, i) =>
      event(tenantId, { rawBody: JSON.stringify({ event: "x", pad: String(i).repeat(400_000) }) }),
    );
    let seqs: (number | null)[] = [];
    const covered = (s: BusSignal[]) => s.reduce((n, x) => n + (x.kind === "webhook" ? x.last_seq - x.first_seq + 1 : 0), 0) === 6;
    const signals = await signalsDuring(
      tenantId,
      async () => (seqs = await Promise.all(large.map((e) => storeAndPublish(db, e)))),
      covered,
    );
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);
    // the first alone, then at most two of 400 kB per statement
    for (const s of signals) if (s.kind === "webhook") expect(s.last_seq - s.first_seq + 1).toBeLessThanOrEqual(2);
    expect(signals.length).toBeGreaterThanOrEqual(4);
  });

  it("indexes an exchange heard of first in a burst with its first event's state", async () => {
    const tenantId = await tenant();
    const exchangeId = randomUUID();
    const orderId = randomUUID();
    const later = new Date("2026-11-21T10:00:05.000Z");
    await Promise.all([
      storeAndPublish(db, event(tenantId)),
      storeAndPublish(db, event(tenantId, { exchangeId, orderId, eventType: "exchange.interrupted", state: "interrupted" })),
      storeAndPublish(db, event(tenantId, { exchangeId, orderId, eventType: "exchange.settled", state: "settled", receivedAt: later })),
    ]);
    const rows = await db
      .select({ state: schema.exchanges.state, orderId: schema.exchanges.orderId })
      .from(schema.exchanges)
      .where(and(eq(schema.exchanges.tenantId, tenantId), eq(schema.exchanges.id, exchangeId)));
    expect(rows).toEqual([{ state: "interrupted", orderId }]);
  });

  it("fails only the event the database refuses when it arrives in a burst", async () => {
    const tenantId = await tenant();
    const good = Array.from({ length: 5 }, () => event(tenantId));
    // PostgreSQL text holds no NUL character
    const bad = event(tenantId, { rawBody: "{\u0000}" });
    const results = await Promise.allSettled([...good.slice(0, 2), bad, ...good.slice(2)].map((e) => storeAndPublish(db, e)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    const stored = await eventsAfter(db, tenantId, 0, 10);
    expect(stored.map((n) => n.exchange_id).sort()).toEqual(good.map((e) => e.exchangeId).sort());
  });
});
