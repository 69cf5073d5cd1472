import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxAffiliates } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";

/** The named agreement of the client, or its default one. */
export async function resolveAffiliate(db: Db, clientId: string, affiliateId: string | undefined): Promise<string> {
  const rows = await db
    .select({ id: sandboxAffiliates.id, isDefault: sandboxAffiliates.isDefault })
    .from(sandboxAffiliates)
    .where(
      affiliateId
        ? and(eq(sandboxAffiliates.clientId, clientId), eq(sandboxAffiliates.id, affiliateId))
        : and(eq(sandboxAffiliates.clientId, clientId), eq(sandboxAffiliates.isDefault, true)),
    );
  const row = rows[0];
  if (!row)
    throw new ApiError(
      "affiliate_not_found",
      affiliateId ? "No such affiliate agreement for this client" : "The client has no default affiliate agreement",
    );
  return row.id;
}
