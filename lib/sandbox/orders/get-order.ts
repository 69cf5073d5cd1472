import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxOrders } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import type { OrderPatch } from "@/lib/service-api/schemas";
import { resolveAffiliate } from "./affiliates";
import { checkFeeRate } from "./fee-rate";
import { renderOrder } from "./render-order";

/** The client's order; another client's id is 404, never 403. */
export async function getOrderRow(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(sandboxOrders)
    .where(and(eq(sandboxOrders.id, id), eq(sandboxOrders.clientId, clientId)));
  if (!row) throw new ApiError("not_found", "No such order");
  return row;
}

// GET /v1/orders/{id}
export async function getOrder(db: Db, clientId: string, id: string) {
  return renderOrder(await getOrderRow(db, clientId, id));
}

// PATCH /v1/orders/{id}: active, fee_rate, affiliate_id
export async function patchOrder(db: Db, clientId: string, id: string, input: OrderPatch) {
  await getOrderRow(db, clientId, id);
  const changes: Partial<{ active: boolean; feeRate: string; affiliateId: string }> = {};
  if (input.active !== undefined) changes.active = input.active;
  if (input.fee_rate !== undefined) changes.feeRate = checkFeeRate(input.fee_rate);
  if (input.affiliate_id !== undefined) changes.affiliateId = await resolveAffiliate(db, clientId, input.affiliate_id);
  if (Object.keys(changes).length === 0) return getOrder(db, clientId, id);
  const [row] = await db
    .update(sandboxOrders)
    .set(changes)
    .where(and(eq(sandboxOrders.id, id), eq(sandboxOrders.clientId, clientId)))
    .returning();
  if (!row) throw new ApiError("not_found", "No such order");
  return renderOrder(row);
}
