import "server-only";
import { and, asc, desc, eq, gte, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxDeliveries, sandboxDeliveryAttempts, sandboxEvents } from "@/lib/db/schema";
import type { deliveriesSchema } from "@/lib/service-api/operator-contract";
import { attemptView } from "@/lib/service-api/delivery-attempt";

const iso = (d: Date | null) => d?.toISOString() ?? null;
const uuid = z.uuid().transform((s) => s.toLowerCase());

/** The delivery list's filters (GET /sandbox/operator/deliveries), all optional. */
export const deliveryFiltersSchema = z.strictObject({
  exchange_id: uuid.optional(),
  endpoint_id: uuid.optional(),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
  /** Deliveries created at or after this instant (sandbox time). */
  since: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});
export type DeliveryFilters = z.input<typeof deliveryFiltersSchema>;

// GET /sandbox/operator/deliveries?exchange_id=&endpoint_id=&status=&since=&limit=
export async function listDeliveries(
  db: Db,
  { id, ...input }: DeliveryFilters & { id?: string } = {},
): Promise<z.infer<typeof deliveriesSchema>> {
  const filters = deliveryFiltersSchema.parse(input);
  const where: SQL[] = [];
  if (id) where.push(eq(sandboxDeliveries.id, id));
  if (filters.exchange_id) where.push(eq(sandboxEvents.exchangeId, filters.exchange_id));
  if (filters.endpoint_id) where.push(eq(sandboxDeliveries.endpointId, filters.endpoint_id));
  if (filters.status) where.push(eq(sandboxDeliveries.status, filters.status));
  if (filters.since) where.push(gte(sandboxDeliveries.createdOn, new Date(filters.since)));
  const rows = await db
    .select({ delivery: sandboxDeliveries, event: sandboxEvents })
    .from(sandboxDeliveries)
    .innerJoin(sandboxEvents, eq(sandboxEvents.seq, sandboxDeliveries.eventSeq))
    .where(and(...where))
    .orderBy(desc(sandboxDeliveries.eventSeq), asc(sandboxDeliveries.url))
    .limit(filters.limit);
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
      client_id: event.clientId,
      correlation_id: event.correlationId,
      endpoint_id: delivery.endpointId,
      url: delivery.url,
      status: delivery.status,
      attempts: delivery.attempts,
      next_attempt_at: iso(delivery.nextAttemptAt),
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      delivered_at: iso(delivery.deliveredAt),
      created_on: delivery.createdOn.toISOString(),
      body: event.body,
      history: attempts.filter((a) => a.deliveryId === delivery.id).map(attemptView),
    })),
  };
}

/** One delivery with its attempts, or null. */
export async function deliveryById(db: Db, id: string) {
  const { deliveries } = await listDeliveries(db, { id, limit: 1 });
  return deliveries[0] ?? null;
}
