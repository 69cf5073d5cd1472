import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients, sandboxDeliveries, sandboxDeliveryAttempts, sandboxEvents, sandboxWebhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { deliveryFailureText } from "@/lib/service-api/delivery-failure";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { clientNow, sandboxNow } from "../clock";
import { wakeWorker } from "./wake";
import { outbound, OutboundError } from "@/lib/http/outbound";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import type { z } from "zod";
import type { deliveryRunSchema } from "@/lib/service-api/operator-contract";

// Webhook delivery (docs/exchange-api.md#webhooks): any 2xx within 10 s is delivered; otherwise
// retried 5 minutes later on the sandbox clock, doubling, 10 attempts at most.
export const MAX_ATTEMPTS = 10;
export const FIRST_RETRY_MS = 5 * 60 * 1000;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claim outlives the request's timeout; a crashed worker's claims lapse after it. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 5_000;
export const USER_AGENT = "Sandbox-Webhook/1.0";

export function retryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** (attempts - 1);
}

type Claimed = typeof sandboxDeliveries.$inferSelect;

async function claim(db: Db, where: ReturnType<typeof and>, limit: number): Promise<Claimed[]> {
  const realNow = new Date();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: sandboxDeliveries.id })
      .from(sandboxDeliveries)
      .where(and(where, or(isNull(sandboxDeliveries.lockedUntil), lt(sandboxDeliveries.lockedUntil, realNow))))
      .orderBy(asc(sandboxDeliveries.eventSeq))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(sandboxDeliveries)
      .set({ lockedUntil: new Date(realNow.getTime() + CLAIM_MS) })
      .where(
        inArray(
          sandboxDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    // RETURNING comes in the order the rows were found in the table (a row updated earlier may
    // stand after a newer one), not the SELECT's: an exchange's deliveries go out in event order
    return claimed.sort((a, b) => a.eventSeq - b.eventSeq);
  });
}

/** An answer's body is read at most this far; a receiver answers a line or two. */
const ANSWER_READ_BYTES = 16 * 1024;

/**
 * POSTs one delivery (lib/http/outbound.ts: no redirect followed, one deadline). The receiver's
 * answer is read to its end, so that the connection is kept for the next delivery and the
 * receiver sees its answer taken; only a longer answer than any receiver needs is cut. The
 * endpoints are the operator's (the dashboard's own receiver among them), so private addresses
 * are allowed.
 */
async function post(url: string, body: string, headers: Record<string, string>) {
  const started = Date.now();
  try {
    const answer = await outbound({
      url: new URL(url),
      method: "POST",
      headers,
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: ANSWER_READ_BYTES,
      overflow: "cut",
      allowPrivate: true,
    });
    return { statusCode: answer.status, error: null, durationMs: Date.now() - started };
  } catch (error) {
    const message = deliveryFailureText(
      error instanceof OutboundError && error.kind === "timeout"
        ? { code: "timeout", seconds: DELIVERY_TIMEOUT_MS / 1000 }
        : { code: "unreachable", errno: error instanceof OutboundError ? error.detail.errno : null },
    );
    return { statusCode: null, error: message, durationMs: Date.now() - started };
  }
}

/** One attempt for a claimed delivery, recorded; then delivered, rescheduled or failed. */
async function attempt(db: Db, delivery: Claimed): Promise<"delivered" | "pending" | "failed"> {
  const [event] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.seq, delivery.eventSeq));
  const [endpoint] = await db
    .select({ secret: sandboxWebhookEndpoints.secret })
    .from(sandboxWebhookEndpoints)
    .where(eq(sandboxWebhookEndpoints.id, delivery.endpointId));
  const attemptNumber = delivery.attempts + 1;
  // a delivery's times, and its retries, run on its client's clock
  const clock = () => (event ? clientNow(db, event.clientId) : sandboxNow(db));
  const startedAt = await clock();
  const result =
    event && endpoint
      ? await post(delivery.url, event.body, {
          "Content-Type": "application/json",
          "User-Agent": USER_AGENT,
          "X-Signature-256": signBody(event.body, endpoint.secret),
          "X-Correlation-Id": event.correlationId,
          "X-Retry-Count": String(attemptNumber - 1),
        })
      : { statusCode: null, error: deliveryFailureText({ code: "endpoint_removed" }), durationMs: 0 };
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const status = ok ? "delivered" : attemptNumber >= MAX_ATTEMPTS || !endpoint ? "failed" : "pending";
  const { metrics } = serverRuntime();
  metrics.outboxAttempts.inc({ result: status });
  metrics.outboxLatency.observe(result.durationMs / 1000);
  const now = await clock();
  await db.transaction(async (tx) => {
    await tx.insert(sandboxDeliveryAttempts).values({
      id: randomUUID(),
      deliveryId: delivery.id,
      attempt: attemptNumber,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
    });
    await tx
      .update(sandboxDeliveries)
      .set({
        status,
        attempts: attemptNumber,
        lockedUntil: null,
        lastStatusCode: result.statusCode,
        lastError: ok ? null : (result.error ?? deliveryFailureText({ code: "http_status", status: result.statusCode ?? 0 })),
        deliveredAt: ok ? now : delivery.deliveredAt,
        nextAttemptAt: status === "pending" ? new Date(now.getTime() + retryDelayMs(attemptNumber)) : null,
      })
      .where(eq(sandboxDeliveries.id, delivery.id));
  });
  return status;
}

/** Attempts claimed deliveries: in event order per exchange, exchanges side by side. */
async function attemptAll(db: Db, claimed: Claimed[]) {
  const events = claimed.length
    ? await db
        .select({ seq: sandboxEvents.seq, exchangeId: sandboxEvents.exchangeId })
        .from(sandboxEvents)
        .where(
          inArray(
            sandboxEvents.seq,
            claimed.map((c) => c.eventSeq),
          ),
        )
    : [];
  const exchangeOf = new Map(events.map((e) => [e.seq, e.exchangeId]));
  const groups = new Map<string, Claimed[]>();
  for (const delivery of claimed) {
    const key = exchangeOf.get(delivery.eventSeq) ?? delivery.id;
    groups.set(key, [...(groups.get(key) ?? []), delivery]);
  }
  const outcomes = { delivered: 0, pending: 0, failed: 0 };
  await Promise.all(
    [...groups.values()].map(async (group) => {
      for (const delivery of group) outcomes[await attempt(db, delivery)]++;
    }),
  );
  return outcomes;
}

/**
 * Deliveries due on their client's clock (the shared one plus the client's own offset): the
 * (status, next_attempt_at) index narrows them to those due on the furthest clock ahead.
 */
async function dueNow(db: Db) {
  const shared = await sandboxNow(db);
  const [furthest] = await db.select({ ms: sql<number>`COALESCE(max(${sandboxClients.clockOffsetMs}), 0)::float8` }).from(sandboxClients);
  const own = sql`(SELECT c.clock_offset_ms FROM ${sandboxEvents} e JOIN ${sandboxClients} c ON c.client_id = e.client_id
    WHERE e.seq = ${sandboxDeliveries.eventSeq})`;
  return and(
    eq(sandboxDeliveries.status, "pending"),
    lte(sandboxDeliveries.nextAttemptAt, new Date(shared.getTime() + Number(furthest?.ms ?? 0))),
    sql`${sandboxDeliveries.nextAttemptAt} <= ${shared.toISOString()}::timestamptz + COALESCE(${own}, 0) * interval '1 millisecond'`,
  );
}

/** Delivers everything due on its client's clock; returns counts of this pass. */
export async function deliverDue(db: Db, limit = 50): Promise<z.infer<typeof deliveryRunSchema>> {
  const due = await dueNow(db);
  const total = { attempted: 0, delivered: 0, pending: 0, failed: 0 };
  for (;;) {
    const claimed = await claim(db, due, limit);
    if (claimed.length === 0) return total;
    const outcome = await attemptAll(db, claimed);
    total.attempted += claimed.length;
    total.delivered += outcome.delivered;
    total.pending += outcome.pending;
    total.failed += outcome.failed;
    if (claimed.length < limit) return total;
  }
}

/** Delivers one delivery again now, whatever its status. */
export async function resendDelivery(db: Db, id: string) {
  const [claimed] = await claim(db, eq(sandboxDeliveries.id, id), 1);
  if (!claimed) return null;
  await attemptAll(db, [claimed]);
  return id;
}

/**
 * Recovery after an endpoint's outage (as Svix's "recover since"): every delivery to it that
 * failed for good since `since` is due again now. Each gets one more attempt of the schedule;
 * the worker is woken once the change is committed.
 */
export async function recoverDeliveries(db: Db, endpointId: string, since: Date): Promise<number> {
  const [endpoint] = await db
    .select({ id: sandboxWebhookEndpoints.id, clientId: sandboxWebhookEndpoints.clientId })
    .from(sandboxWebhookEndpoints)
    .where(eq(sandboxWebhookEndpoints.id, endpointId));
  if (!endpoint) throw new ApiError("not_found", "No such webhook endpoint");
  const now = await clientNow(db, endpoint.clientId);
  const recovered = await db
    .update(sandboxDeliveries)
    .set({ status: "pending", nextAttemptAt: now })
    .where(
      and(eq(sandboxDeliveries.endpointId, endpointId), eq(sandboxDeliveries.status, "failed"), gte(sandboxDeliveries.createdOn, since)),
    )
    .returning({ id: sandboxDeliveries.id });
  if (recovered.length > 0) wakeWorker();
  return recovered.length;
}

/** Releases claims of a previous run of this process (PGlite: this process is the only one). */
export async function releaseClaims(db: Db) {
  await db
    .update(sandboxDeliveries)
    .set({ lockedUntil: null })
    .where(sql`${sandboxDeliveries.lockedUntil} IS NOT NULL`);
}

/** Deliveries waiting and given up, over every instance (the metrics' outbox gauges); null if the database does not answer. */
export async function outboxCounts(db: Db): Promise<{ pending: number; failed: number } | null> {
  try {
    // each on the (status, next_attempt_at) index, not a scan of every delivery ever made
    const count = async (status: "pending" | "failed") => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sandboxDeliveries)
        .where(eq(sandboxDeliveries.status, status));
      return row?.n ?? 0;
    };
    const [pending, failed] = await Promise.all([count("pending"), count("failed")]);
    return { pending, failed };
  } catch {
    return null;
  }
}
