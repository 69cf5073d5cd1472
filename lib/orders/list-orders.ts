import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { currencies } from "@/lib/exchange/schemas";
import { afterCursor, decodeCursor, limitSchema, pageOf } from "@/lib/api/cursor";

export const orderListQuerySchema = z.object({
  cursor: z.string().max(200).nullish(),
  limit: limitSchema,
  active: z.enum(["true", "false"]).nullish(),
  currency: z.enum(currencies).nullish(),
  payout_kind: z.enum(["coin", "lightning"]).nullish(),
});

// GET /api/orders – the tenant's indexed orders, newest first
export async function listOrders(db: Db, tenantId: string, query: z.infer<typeof orderListQuerySchema>) {
  const after = decodeCursor(query.cursor ?? null);
  const filters: SQL[] = [eq(orders.tenantId, tenantId)];
  if (query.active) filters.push(eq(orders.active, query.active === "true"));
  if (query.currency) filters.push(eq(orders.currency, query.currency));
  if (query.payout_kind) filters.push(eq(orders.payoutKind, query.payout_kind));
  const afterFilter = afterCursor(after, orders.createdOn, orders.id);
  if (afterFilter) filters.push(afterFilter);
  const rows = await db
    .select()
    .from(orders)
    .where(and(...filters))
    .orderBy(desc(orders.createdOn), desc(orders.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (r) => ({ at: r.createdOn, id: r.id }));
  return { data: page.map((r) => r.snapshot), next_cursor };
}
