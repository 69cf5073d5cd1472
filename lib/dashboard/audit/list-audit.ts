import "server-only";
import { and, desc, eq, ilike, like, lt, ne, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import type { AuditPage, AuditQuery } from "@/lib/dashboard/contract/dashboard-api";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// GET /api/audit – a tenant's audit log (null: every tenant's and the console's), newest first
export async function listAudit(db: Db, tenantId: string | null, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = tenantId ? [eq(auditLog.tenantId, tenantId)] : [];
  if (query.before) filters.push(lt(auditLog.id, query.before));
  if (query.action) filters.push(like(auditLog.action, `${escapeLike(query.action)}%`));
  if (query.result) filters.push(query.result === "ok" ? eq(auditLog.result, "ok") : ne(auditLog.result, "ok"));
  if (query.user) filters.push(ilike(auditLog.userEmail, `%${escapeLike(query.user)}%`));
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
      tenant_id: r.tenantId,
      user: r.userEmail,
      api_key: r.apiKeyPrefix,
      action: r.action,
      target: r.target,
      result: r.result,
      request_id: r.requestId,
    })),
    next_before: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  } satisfies AuditPage;
}
