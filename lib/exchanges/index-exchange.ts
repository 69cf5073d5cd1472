import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { exchanges } from "@/lib/db/schema";
import type { Exchange } from "@/lib/exchange/schemas";
import { exchangeState } from "@/lib/exchange/exchange-state";

/**
 * Stores the latest GET snapshot. The exchange state shown is always a snapshot's; a GET that
 * started before the stored one never replaces it, so nothing moves backwards.
 */
export async function indexExchangeSnapshot(db: Db, tenantId: string, exchange: Exchange, fetchedAt: Date) {
  const values = {
    id: exchange.id,
    tenantId,
    orderId: exchange.order_id,
    snapshot: exchange,
    state: exchangeState(exchange),
    pair: exchange.pair,
    type: exchange.type,
    firstSeenAt: fetchedAt,
    fetchedAt,
  };
  await db
    .insert(exchanges)
    .values(values)
    .onConflictDoUpdate({
      target: exchanges.id,
      set: { snapshot: exchange, state: values.state, pair: values.pair, type: values.type, fetchedAt },
      setWhere: and(
        eq(exchanges.tenantId, tenantId),
        or(isNull(exchanges.fetchedAt), sql`${exchanges.fetchedAt} <= ${fetchedAt.toISOString()}`),
      ),
    });
}

export async function exchangeTenant(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: exchanges.tenantId }).from(exchanges).where(eq(exchanges.id, id));
  return row?.tenantId ?? null;
}
