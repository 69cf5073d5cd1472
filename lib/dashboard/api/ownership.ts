import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { isExchangeIndexed } from "@/lib/dashboard/exchanges/index-exchange";
import { orderTenant } from "@/lib/dashboard/orders/index-order";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id must be a UUID; anything else names nothing (404). */
export function pathId(kind: string, id: string | undefined): string {
  if (!id || !UUID.test(id)) throw new ApiError("not_found", `No such ${kind}`);
  return id.toLowerCase();
}

/**
 * Whether the tenant's index holds the id ("indexed") or not ("unknown": the upstream, asked
 * with the tenant's credentials, decides). Orders enter the index only through the tenant's own
 * upstream calls, so an order indexed under another tenant is 404, never 403. Exchanges are
 * indexed per tenant from webhooks, which must not decide anything for another tenant.
 */
export async function ownership(db: Db, tenantId: string, kind: "order" | "exchange", id: string): Promise<"indexed" | "unknown"> {
  if (kind === "exchange") return (await isExchangeIndexed(db, tenantId, id)) ? "indexed" : "unknown";
  const owner = await orderTenant(db, id);
  if (owner !== null && owner !== tenantId) throw new ApiError("not_found", `No such ${kind}`);
  return owner === null ? "unknown" : "indexed";
}

/** A path id of the tenant (or of nobody yet). */
export async function ownId(db: Db, tenantId: string, kind: "order" | "exchange" | "challenge", id: string | undefined): Promise<string> {
  const valid = pathId(kind, id);
  if (kind !== "challenge") await ownership(db, tenantId, kind, valid);
  return valid;
}

export function searchParams(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
