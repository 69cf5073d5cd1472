import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges, sandboxNodes, sandboxOrders } from "@/lib/db/schema";

// A channel payout is offered only to a node that has no channel from the service yet: a second
// one is refused (channel_payout_not_allowed), so offering it would only lead the client, or its
// end user, to a refusal (docs/exchange-api.md#lightning-payouts). The offers then name the
// invoice alone.

/** Whether a Lightning exchange of the order's node may be offered a channel payout. */
export async function offersChannel(tx: Db, nodePubkey: string | null): Promise<boolean> {
  if (!nodePubkey) return true;
  const [node] = await tx.select({ hasChannel: sandboxNodes.hasChannel }).from(sandboxNodes).where(eq(sandboxNodes.pubkey, nodePubkey));
  return !node?.hasChannel;
}

/** Once a channel to the node is funded, the exchanges still awaiting a payout to it no longer offer one. */
export async function withdrawChannelOffers(tx: Db, nodePubkey: string): Promise<void> {
  const orders = tx.select({ id: sandboxOrders.id }).from(sandboxOrders).where(eq(sandboxOrders.nodePubkey, nodePubkey));
  await tx
    .update(sandboxExchanges)
    .set({ offers: sql`jsonb_set(${sandboxExchanges.offers}, '{channel}', 'null'::jsonb)` })
    .where(
      and(
        isNotNull(sandboxExchanges.offers),
        sql`jsonb_typeof(${sandboxExchanges.offers} -> 'channel') = 'object'`,
        inArray(sandboxExchanges.orderId, orders),
      ),
    );
}
