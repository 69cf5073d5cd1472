import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges, webhookEvents } from "@/lib/db/schema";
import { exchangeSchema, initiatePayoutActionSchema, type Exchange } from "@/lib/service-api/schemas";

/** A GET snapshot younger than this answers GET /api/exchanges/{id} without asking upstream. */
export const SNAPSHOT_TTL_MS = 2_000;

/**
 * The tenant's latest GET snapshot of an exchange when it is still good: younger than the TTL,
 * no webhook event received after the GET started, and no payout offer expired (GET renews
 * them). Otherwise null. One query.
 */
export async function freshSnapshot(db: Db, tenantId: string, id: string, now = new Date()): Promise<Exchange | null> {
  const [row] = await db
    .select({
      snapshot: exchanges.snapshot,
      fetchedAt: exchanges.fetchedAt,
      lastEvent: sql<string | null>`(SELECT max(${webhookEvents.receivedAt}) FROM ${webhookEvents}
         WHERE ${webhookEvents.tenantId} = ${tenantId} AND ${webhookEvents.exchangeId} = ${id})`,
    })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.id, id)));
  if (!row) return null;
  if (!row.snapshot || !row.fetchedAt || now.getTime() - row.fetchedAt.getTime() > SNAPSHOT_TTL_MS) return null;
  if (row.lastEvent && new Date(row.lastEvent) >= row.fetchedAt) return null;
  const parsed = exchangeSchema.safeParse(row.snapshot);
  if (!parsed.success) return null;
  const action = initiatePayoutActionSchema.safeParse(parsed.data.action);
  if (action.success) {
    const offers = [action.data.payout_options.invoice, action.data.payout_options.channel];
    if (offers.some((offer) => offer && new Date(offer.expires_on) <= now)) return null;
  }
  return parsed.data;
}

/**
 * The tenant's latest GET snapshot of an exchange, however old, and when it was taken: what a
 * page shows while the service is out of reach.
 */
export async function storedSnapshot(db: Db, tenantId: string, id: string): Promise<{ exchange: Exchange; fetchedAt: Date } | null> {
  const [row] = await db
    .select({ snapshot: exchanges.snapshot, fetchedAt: exchanges.fetchedAt })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.id, id)));
  if (!row?.snapshot || !row.fetchedAt) return null;
  const parsed = exchangeSchema.safeParse(row.snapshot);
  return parsed.success ? { exchange: parsed.data, fetchedAt: row.fetchedAt } : null;
}
