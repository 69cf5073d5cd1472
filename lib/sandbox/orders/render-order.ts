import type { sandboxOrders } from "@/lib/db/schema";

type OrderRow = typeof sandboxOrders.$inferSelect;

export function renderOrder(row: OrderRow) {
  return {
    id: row.id,
    active: row.active,
    created_on: row.createdOn.toISOString(),
    affiliate_id: row.affiliateId,
    fee_rate: Number(row.feeRate),
    payment_method: row.paymentMethod,
    payout_method: row.payoutMethod,
  };
}
