import "server-only";
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { z } from "zod";
import { sandboxDeliveries, sandboxDeliveryAttempts, sandboxEvents } from "@/lib/db/schema";
import type { deliveriesSchema } from "./contract";

const iso = (d: Date | null) => d?.toISOString() ?? null;

// GET /sandbox/operator/deliveries?exchange_id=
export async function listDeliveries(db: Db, exchangeId: string | undefined): Promise<z.infer<typeof deliveriesSchema>> {
  const base = db
    .select({ delivery: sandboxDeliveries, event: sandboxEvents })
    .from(sandboxDeliveries)
    .innerJoin(sandboxEvents, eq(sandboxEvents.seq, sandboxDeliveries.eventSeq));
  const rows = await (exchangeId ? base.where(eq(sandboxEvents.exchangeId, exchangeId)) : base)
    .orderBy(desc(sandboxDeliveries.eventSeq))
    .limit(200);
  const attempts = rows.length
    ? await db
        .select()
        .from(sandboxDeliveryAttempts)
        .where(
          inArray(
            sandboxDeliveryAttempts.deliveryId,
            rows.map((r) => r.delivery.id),
          ),
        )
        .orderBy(asc(sandboxDeliveryAttempts.attempt))
    : [];
  return {
    deliveries: rows.map(({ delivery, event }) => ({
      id: delivery.id,
      event_id: event.id,
      event: event.eventType,
      exchange_id: event.exchangeId,
      correlation_id: event.correlationId,
      url: delivery.url,
      status: delivery.status,
      attempts: delivery.attempts,
      next_attempt_at: iso(delivery.nextAttemptAt),
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      delivered_at: iso(delivery.deliveredAt),
      created_on: delivery.createdOn.toISOString(),
      body: event.body,
      history: attempts
        .filter((a) => a.deliveryId === delivery.id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: a.startedAt.toISOString(),
          duration_ms: a.durationMs,
          status_code: a.statusCode,
          error: a.error,
        })),
    })),
  };
}
