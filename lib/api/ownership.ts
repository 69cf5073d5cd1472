import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { exchangeTenant } from "@/lib/exchanges/index-exchange";
import { orderTenant } from "@/lib/orders/index-order";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: a UUID, not indexed under another tenant. Anything else is 404, never 403. */
export async function ownId(db: Db, tenantId: string, kind: "order" | "exchange" | "challenge", id: string | undefined): Promise<string> {
  if (!id || !UUID.test(id)) throw new ApiError("not_found", `No such ${kind}`);
  const lower = id.toLowerCase();
  if (kind === "challenge") return lower;
  const owner = kind === "order" ? await orderTenant(db, lower) : await exchangeTenant(db, lower);
  if (owner !== null && owner !== tenantId) throw new ApiError("not_found", `No such ${kind}`);
  return lower;
}

export function searchParams(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
