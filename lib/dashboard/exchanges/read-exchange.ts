import { after } from "next/server";
import { upstreamFor, type Tenant } from "@/lib/dashboard/auth/tenants";
import type { Db } from "@/lib/db/client";
import type { Exchange } from "@/lib/service-api/schemas";
import { freshSnapshot, storedSnapshot } from "./cached-snapshot";
import { unreachable } from "@/lib/dashboard/upstream/reachability";
import { exchangeOwnership, indexExchangeSnapshot } from "./index-exchange";
import { errorText, logger } from "@/lib/log";

const log = logger("exchanges");

/**
 * An exchange as GET /api/exchanges/{id} and its page read it: a snapshot a few seconds old that
 * no webhook has overtaken, unless `fresh`; otherwise GET /v1/exchanges/{id}, indexed before
 * answering when the exchange is new to the index, right after otherwise. Another tenant's
 * exchange is the service's 404. With `storedWhenUnreachable` (the page), an unreachable service
 * gives the stored snapshot, however old, with the time it was taken (`asOf`).
 */
export async function readExchange(
  db: Db,
  tenant: Tenant,
  id: string,
  { fresh = false, storedWhenUnreachable = false } = {},
): Promise<{ exchange: Exchange; cached: boolean; asOf?: Date }> {
  if (!fresh) {
    const cached = await freshSnapshot(db, tenant.id, id);
    if (cached) return { exchange: cached, cached: true };
  }
  const fetchedAt = new Date();
  let exchange: Exchange;
  let indexed: "indexed" | "unknown";
  try {
    [exchange, indexed] = await Promise.all([upstreamFor(tenant).getExchange(id), exchangeOwnership(db, tenant.id, id)]);
  } catch (error) {
    const stored = storedWhenUnreachable && unreachable(error) ? await storedSnapshot(db, tenant.id, id) : null;
    if (!stored) throw error;
    return { exchange: stored.exchange, cached: true, asOf: stored.fetchedAt };
  }
  const store = () => indexExchangeSnapshot(db, tenant, exchange, fetchedAt);
  if (indexed === "unknown") await store();
  else
    after(() =>
      // said here, without the statement's parameters (left to Next.js, the whole query would be printed)
      store().catch((error: unknown) =>
        log.warn(
          { tenant_id: tenant.id, exchange_id: id, err: errorText(error) },
          "storing a fetched exchange failed; it is fetched again when next opened or at its next event",
        ),
      ),
    );
  return { exchange, cached: false };
}
