import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxClients, sandboxExchanges } from "@/lib/db/schema";
import { sandboxNow } from "../clock";
import { driveExchange } from "./drive-exchange";

export const PAYOUT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Refunds (payout_expired) Lightning exchanges left without a payout for 24 h of their client's time. */
export async function expireUnpaidPayouts(db: Db): Promise<number> {
  const shared = await sandboxNow(db);
  // each exchange on its client's clock: the shared one plus the client's own offset
  const due = await db
    .select({ id: sandboxExchanges.id })
    .from(sandboxExchanges)
    .innerJoin(sandboxClients, eq(sandboxClients.clientId, sandboxExchanges.clientId))
    .where(
      and(
        inArray(sandboxExchanges.state, ["executed", "interrupted"]),
        sql`${sandboxExchanges.action}->>'code' = 'initiate_payout'`,
        sql`${sandboxExchanges.executedOn} < ${new Date(shared.getTime() - PAYOUT_WINDOW_MS).toISOString()}::timestamptz
          + ${sandboxClients.clockOffsetMs} * interval '1 millisecond'`,
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
