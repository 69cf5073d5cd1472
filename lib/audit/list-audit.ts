import "server-only";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import type { AuditPage, AuditQuery } from "@/lib/contract/dashboard-api";

// GET /api/audit – the tenant's audit log, newest first (?before=<id>&limit=)
export async function listAudit(db: Db, tenantId: string, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [eq(auditLog.tenantId, tenantId)];
  if (query.before) filters.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      user: r.userEmail,
      action: r.action,
      target: r.target,
      result: r.result,
      request_id: r.requestId,
    })),
    next_before: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  } satisfies AuditPage;
}
