import "server-only";
import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges } from "@/lib/db/schema";
import { sandboxNow } from "../clock";
import { driveExchange } from "./drive-exchange";

export const PAYOUT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Refunds (payout_expired) Lightning exchanges left without a payout for 24 h of sandbox time. */
export async function expireUnpaidPayouts(db: Db): Promise<number> {
  const now = await sandboxNow(db);
  const due = await db
    .select({ id: sandboxExchanges.id })
    .from(sandboxExchanges)
    .where(
      and(
        inArray(sandboxExchanges.state, ["executed", "interrupted"]),
        sql`${sandboxExchanges.action}->>'code' = 'initiate_payout'`,
        lt(sandboxExchanges.executedOn, new Date(now.getTime() - PAYOUT_WINDOW_MS)),
      ),
    )
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    try {
      await driveExchange(db, id, { type: "payout_expired" });
      expired++;
    } catch {
      // paid or refunded in the meantime: nothing to expire
    }
  }
  return expired;
}
