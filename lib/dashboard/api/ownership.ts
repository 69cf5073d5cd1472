import "server-only";
import type { Db } from "@/lib/db/client";
import { pathId } from "@/lib/http/route-params";
import { exchangeOwnership } from "@/lib/dashboard/exchanges/index-exchange";
import { ownOrderId } from "@/lib/dashboard/orders/index-order";

/** A path id of the tenant (or of nobody yet): a UUID, and no order another tenant indexed (404). */
export async function ownId(db: Db, tenantId: string, kind: "order" | "exchange", id: string | undefined): Promise<string> {
  if (kind === "order") return ownOrderId(db, tenantId, id);
  const valid = pathId(kind, id);
  if (kind === "exchange") await exchangeOwnership(db, tenantId, valid);
  return valid;
}
