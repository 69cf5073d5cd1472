import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { CHANNEL } from "@/lib/events/bus";
import { tenantFrame } from "@/lib/events/sse";
import { busNoticeSchema, webhookFrameSchema } from "@/lib/contract/dashboard-api";
import { eventsAfter } from "./event-store";
import { storeAndPublish } from "./store-event";

// The webhook notice is written twice by nature: in SQL (json_build_object, sent by pg_notify
// in the statement that stores the event) and from a stored row (replay after Last-Event-ID).
// Both must be the contract's BusNotice, and the SSE frame made of either its WebhookFrame.

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

describe("the live notice built in SQL", () => {
  it("parses as the contract's notice, equals the replayed one, and makes a frame the browser parses", async () => {
    const tenantId = await tenant();
    const payloads: string[] = [];
    let arrived: () => void = () => undefined;
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const unlisten = await client.listen(CHANNEL, (payload) => {
      payloads.push(payload);
      arrived();
    });
    const exchangeId = randomUUID();
    const orderId = randomUUID();
    const receivedAt = new Date("2026-11-21T10:00:00.123Z");
    const seq = await storeAndPublish(db, {
      tenantId,
      bodySha256: randomUUID(),
      rawBody: "{}",
      eventType: "exchange.executed",
      exchangeId,
      orderId,
      correlationId: randomUUID(),
      retryCount: 0,
      userAgent: "Sandbox-Webhook/1.0",
      headers: { "user-agent": "Sandbox-Webhook/1.0", "x-retry-count": "0" },
      receivedAt,
      state: "executed",
    });
    await received;
    await unlisten();

    const notice = busNoticeSchema.parse(JSON.parse(payloads[0] ?? ""));
    expect(notice).toEqual({
      kind: "webhook",
      tenant_id: tenantId,
      seq,
      event: "exchange.executed",
      exchange_id: exchangeId,
      order_id: orderId,
      received_at: receivedAt.toISOString(),
    });
    const [replayed] = await eventsAfter(db, tenantId, 0, 10);
    expect(replayed).toEqual(notice);

    const text = new TextDecoder().decode(tenantFrame(notice));
    const [id, event, data] = text.trimEnd().split("\n");
    expect(id).toBe(`id: ${seq}`);
    expect(event).toBe("event: webhook");
    expect(webhookFrameSchema.parse(JSON.parse((data ?? "").replace(/^data: /, "")))).toEqual({
      seq,
      event: "exchange.executed",
      exchange_id: exchangeId,
      order_id: orderId,
      received_at: receivedAt.toISOString(),
    });
  });
});
