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
      target: [exchanges.tenantId, exchanges.id],
      set: { snapshot: exchange, state: values.state, pair: values.pair, type: values.type, fetchedAt },
      setWhere: or(isNull(exchanges.fetchedAt), sql`${exchanges.fetchedAt} <= ${fetchedAt.toISOString()}`),
    });
}

/**
 * Whether the tenant's own index holds the exchange. Rows are per tenant: what another tenant's
 * webhooks named says nothing about this one's, and the upstream decides whose an id is.
 */
export async function isExchangeIndexed(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(and(eq(exchanges.tenantId, tenantId), eq(exchanges.id, id)));
  return row !== undefined;
}
