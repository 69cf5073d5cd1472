import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxExchanges } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { clientNow } from "../clock";
import { renewExpired } from "./offers";
import { renderExchange } from "./render-exchange";
import { lockExchange, updateExchange } from "./store";
import { actionOf, offersOf } from "./types";

// GET /v1/exchanges/{id}: for a Lightning exchange awaiting payout, expired offers are renewed.
export async function getExchange(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(sandboxExchanges)
    .where(and(eq(sandboxExchanges.id, id), eq(sandboxExchanges.clientId, clientId)));
  if (!row) throw new ApiError("not_found", "No such exchange");
  const offers = offersOf(row);
  if (actionOf(row)?.code !== "initiate_payout" || !offers) return renderExchange(row);
  const now = await clientNow(db, clientId);
  if (!renewExpired(offers, row.amountSats ?? 0, now).renewed) return renderExchange(row);
  return db.transaction(async (tx) => {
    const locked = await lockExchange(tx, id, clientId);
    const current = offersOf(locked);
    if (actionOf(locked)?.code !== "initiate_payout" || !current) return renderExchange(locked);
    const { offers: next, renewed } = renewExpired(current, locked.amountSats ?? 0, now);
    return renderExchange(renewed ? await updateExchange(tx, locked, { offers: next }, now) : locked);
  });
}
