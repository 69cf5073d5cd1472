import "server-only";
import type { Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import { errorText, logger } from "@/lib/log";
import type { AuditAction } from "@/lib/dashboard/contract/audit-actions";

const log = logger("audit");

export type AuditEntry = {
  tenantId: string | null;
  userId: string | null;
  userEmail: string | null;
  /** The API key that acted on behalf of userId, by its prefix; absent for a signed-in person. */
  apiKeyPrefix?: string | null;
  /** One of the listed codes (lib/dashboard/contract/audit-actions.ts): each has a sentence in every language. */
  action: AuditAction;
  target: string | null;
  result: string;
  requestId: string;
};

/** Who did what, when, and how it ended: one row per mutation, failures included. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditLog).values({ ...entry, at: new Date() });
  } catch (error) {
    log.error({ err: errorText(error), action: entry.action }, "could not record an audit entry");
  }
}
