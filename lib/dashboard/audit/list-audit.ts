import "server-only";
import { and, desc, eq, ilike, like, ne, type SQL } from "drizzle-orm";
import { beforeId, pageBefore } from "@/lib/http/cursor";
import type { Db } from "@/lib/db/client";
import { auditLog } from "@/lib/db/schema";
import type { AuditPage, AuditQuery } from "@/lib/dashboard/contract/dashboard-api";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// GET /api/audit – a tenant's audit log (null: every tenant's and the console's), newest first
export async function listAudit(db: Db, tenantId: string | null, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [tenantId ? eq(auditLog.tenantId, tenantId) : undefined, beforeId(auditLog.id, query.before)];
  if (query.action) filters.push(like(auditLog.action, `${escapeLike(query.action)}%`));
  if (query.result) filters.push(query.result === "ok" ? eq(auditLog.result, "ok") : ne(auditLog.result, "ok"));
  if (query.user) filters.push(ilike(auditLog.userEmail, `%${escapeLike(query.user)}%`));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const { page, next_before } = pageBefore(rows, query.limit);
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
    next_before,
  } satisfies AuditPage;
}
