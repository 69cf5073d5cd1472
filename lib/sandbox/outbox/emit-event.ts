import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxDeliveries, sandboxEvents, sandboxWebhookEndpoints } from "@/lib/db/schema";
import type { eventTypes } from "@/lib/service-api/schemas";
import { renderEventPayload } from "../exchanges/render-exchange";
import type { ExchangeRow } from "../exchanges/types";

/**
 * Writes an event and one delivery per webhook endpoint of the client, in the caller's
 * transaction: the event exists exactly when the state change does. The caller wakes the
 * worker once that transaction has committed (wakeWorker).
 */
export async function emitEvent(tx: Db, row: ExchangeRow, event: (typeof eventTypes)[number], now: Date) {
  const body = JSON.stringify({ event, payload: renderEventPayload(row) });
  const [stored] = await tx
    .insert(sandboxEvents)
    .values({
      id: randomUUID(),
      clientId: row.clientId,
      exchangeId: row.id,
      eventType: event,
      body,
      correlationId: randomUUID(),
      createdOn: now,
    })
    .returning({ seq: sandboxEvents.seq });
  if (!stored) throw new Error("event insert returned nothing");
  const endpoints = await tx
    .select({ id: sandboxWebhookEndpoints.id, url: sandboxWebhookEndpoints.url })
    .from(sandboxWebhookEndpoints)
    .where(eq(sandboxWebhookEndpoints.clientId, row.clientId));
  if (endpoints.length > 0) {
    await tx.insert(sandboxDeliveries).values(
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        eventSeq: stored.seq,
        endpointId: endpoint.id,
        url: endpoint.url,
        status: "pending" as const,
        attempts: 0,
        nextAttemptAt: now,
        createdOn: now,
      })),
    );
  }
}
