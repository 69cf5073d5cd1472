import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { openMemoryDatabase, insertTestTenant } from "@/lib/db/memory-database";
import * as schema from "@/lib/db/schema";
import { BATCH, prune } from "./prune";

// What is older than the retention period goes, batch by batch; what is newer, what reports and
// the attention rules read, and what is still to be sent stays.

let db: Db;
beforeAll(async () => {
  ({ db } = await openMemoryDatabase());
}, 60_000);

const DAY = 86_400_000;

describe("retention", () => {
  it("prunes old webhook bodies, audit entries, sent mail, read notifications, finished jobs and rejections; keeps the rest", async () => {
    const tenantId = randomUUID();
    await insertTestTenant(db, tenantId, "http://retention.test");
    const userId = randomUUID();
    await db.insert(schema.users).values({
      id: userId,
      email: `r-${userId}@example.com`,
      passwordHash: "x",
      role: "admin",
      tenantId,
      disabled: false,
      createdAt: new Date(),
    });
    const now = Date.now();
    const old = new Date(now - 500 * DAY);
    const recent = new Date(now - 10 * DAY);
    const cutoff = new Date(now - 400 * DAY);
    const exchangeId = randomUUID();
    // more old rows than a batch holds, then newer ones
    const events = Array.from({ length: BATCH + 500 }, (_, i) => ({
      tenantId,
      seq: i + 1,
      bodySha256: randomUUID(),
      rawBody: `{"n":${i}}`,
      headers: { "x-signature-256": "sha256=…" },
      eventType: "exchange.settled",
      exchangeId,
      receivedAt: i < BATCH + 400 ? old : recent,
    }));
    for (let i = 0; i < events.length; i += 500) await db.insert(schema.webhookEvents).values(events.slice(i, i + 500));
    const audit = (at: Date) => ({ tenantId, action: "orders.create", result: "ok", requestId: randomUUID(), at });
    await db.insert(schema.auditLog).values([...Array.from({ length: 1_200 }, () => audit(old)), audit(recent)]);
    const mail = (createdAt: Date, status: string) => ({
      id: randomUUID(),
      toAddress: "a@example.com",
      category: "invitation",
      locale: "en",
      subject: "s",
      textBody: "t",
      htmlBody: "h",
      headers: {},
      status,
      createdAt,
    });
    await db.insert(schema.mailMessages).values([mail(old, "sent"), mail(old, "queued"), mail(recent, "sent")]);
    const note = (createdAt: Date, readAt: Date | null) => ({
      id: randomUUID(),
      tenantId,
      userId,
      category: "attention",
      key: randomUUID(),
      kind: "attention_unconfirmed",
      params: {},
      link: "/",
      createdAt,
      readAt,
    });
    await db.insert(schema.notifications).values([note(old, old), note(old, null), note(recent, recent)]);
    const job = (finishedAt: Date | null, status: string) => ({
      id: randomUUID(),
      kind: "forward",
      payload: {},
      status,
      runAt: old,
      createdAt: old,
      finishedAt,
    });
    await db.insert(schema.jobs).values([job(old, "done"), job(null, "pending"), job(recent, "failed")]);

    const { totals, finished } = await prune(db, cutoff, { events_after: 0, audit_after: 0 });
    expect(finished).toBe(true);
    expect(totals).toMatchObject({ webhook_bodies: BATCH + 400, audit_log: 1_200, mail_messages: 1, notifications: 1, jobs: 1 });

    const kept = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.tenantId, tenantId));
    expect(kept).toHaveLength(BATCH + 500); // every row stays: its type, exchange and time are read
    expect(kept.filter((e) => e.rawBody === "" && e.headers === null)).toHaveLength(BATCH + 400);
    expect(kept.filter((e) => e.rawBody !== "").every((e) => e.receivedAt.getTime() === recent.getTime())).toBe(true);
    expect(kept.every((e) => e.eventType === "exchange.settled")).toBe(true);
    expect(await db.select().from(schema.auditLog).where(eq(schema.auditLog.tenantId, tenantId))).toHaveLength(1);
    expect((await db.select().from(schema.mailMessages)).map((m) => m.status).sort()).toEqual(["queued", "sent"]);
    expect(await db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).toHaveLength(2);
    expect((await db.select().from(schema.jobs).where(eq(schema.jobs.kind, "forward"))).map((j) => j.status).sort()).toEqual([
      "failed",
      "pending",
    ]);

    // a second run finds nothing more
    const again = await prune(db, cutoff, { events_after: 0, audit_after: 0 });
    expect(Object.values(again.totals).every((n) => n === 0)).toBe(true);
  });

  it("deletes request log rows older than their own cutoff (REQUEST_LOG_RETENTION_DAYS), in batches; keeps newer ones", async () => {
    const tenantId = randomUUID();
    await insertTestTenant(db, tenantId, "http://retention-logs.test");
    const now = Date.now();
    const row = (createdAt: Date, source: "upstream" | "sandbox") => ({
      createdAt,
      source,
      tenantId: source === "upstream" ? tenantId : null,
      clientKey: source === "sandbox" ? "retention-client" : null,
      method: "GET",
      path: "/v1/orders/x",
      route: "/v1/orders/{id}",
      status: 404,
      durationMs: 3,
      requestHeaders: {},
      responseHeaders: {},
      responseBody: '{"error":"not_found"}',
    });
    const old = new Date(now - 31 * DAY);
    const recent = new Date(now - 29 * DAY);
    const rows = [
      ...Array.from({ length: BATCH + 200 }, (_, i) => row(old, i % 2 ? "upstream" : "sandbox")),
      row(recent, "upstream"),
      row(recent, "sandbox"),
    ];
    for (let i = 0; i < rows.length; i += 500) await db.insert(schema.requestLogs).values(rows.slice(i, i + 500));
    // the general cutoff (RETENTION_DAYS) is far older: only the request logs' own cutoff prunes them
    const { totals, finished } = await prune(
      db,
      new Date(now - 400 * DAY),
      { events_after: 0, audit_after: 0 },
      60_000,
      new Date(now - 30 * DAY),
    );
    expect(finished).toBe(true);
    expect(totals.request_logs).toBe(BATCH + 200);
    const kept = await db.select().from(schema.requestLogs);
    expect(kept.map((r) => r.createdAt.getTime())).toEqual([recent.getTime(), recent.getTime()]);
  });
});
