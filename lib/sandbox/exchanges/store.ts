import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges, sandboxOrders } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { ExchangeRow, OrderRow } from "./types";

/** Locks the exchange row for a state change; another client's id is 404. */
export async function lockExchange(tx: Db, id: string, clientId: string | null): Promise<ExchangeRow> {
  const [row] = await tx
    .select()
    .from(sandboxExchanges)
    .where(clientId ? and(eq(sandboxExchanges.id, id), eq(sandboxExchanges.clientId, clientId)) : eq(sandboxExchanges.id, id))
    .for("update");
  if (!row) throw new ApiError("not_found", "No such exchange");
  return row;
}

export async function orderOf(tx: Db, row: ExchangeRow): Promise<OrderRow> {
  const [order] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.id, row.orderId));
  if (!order) throw new Error(`order ${row.orderId} of exchange ${row.id} is missing`);
  return order;
}

export async function updateExchange(
  tx: Db,
  row: ExchangeRow,
  changes: Partial<Omit<ExchangeRow, "id" | "orderId" | "clientId" | "createdOn">>,
  now: Date,
): Promise<ExchangeRow> {
  const [updated] = await tx
    .update(sandboxExchanges)
    .set({ ...changes, updatedOn: now })
    .where(eq(sandboxExchanges.id, row.id))
    .returning();
  if (!updated) throw new Error(`exchange ${row.id} vanished`);
  return updated;
}
