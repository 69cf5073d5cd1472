import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import type { ApiKeyScope } from "@/lib/dashboard/contract/api-keys-api";
import { keyStanding } from "./api-keys";

/**
 * Whether a key still acts, asked at each heartbeat of a stream it opened: not revoked, and its
 * creator still on the team and enabled. A stream is not a request, so it takes none of the
 * key's rate.
 */
export async function apiKeyStillActive(db: Db, keyId: string): Promise<boolean> {
  const [row] = await db
    .select({
      scopes: apiKeys.scopes,
      tenantId: apiKeys.tenantId,
      role: users.role,
      creatorTenant: users.tenantId,
      disabled: users.disabled,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  if (!row) return false;
  const creator =
    row.role === null || row.disabled === null ? null : { role: row.role, tenantId: row.creatorTenant, disabled: row.disabled };
  return keyStanding(row.scopes as ApiKeyScope[], row.tenantId, creator).role !== null;
}
