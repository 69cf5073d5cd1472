import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { ApiError, parseOrThrow } from "@/lib/errors";
import { exportAudit } from "@/lib/dashboard/reports/audit-export";
import { auditExportQuerySchema } from "@/lib/dashboard/contract/dashboard-api";

export const dynamic = "force-dynamic";

// GET /api/audit/export.csv – the audit log's filters, every matching entry with its sentence in `locale`
export const GET = apiRoute({}, async ({ req, db, tenant, user }) => {
  if (user.role === "viewer") throw new ApiError("forbidden", "Viewers do not see the audit log");
  const query = parseOrThrow(auditExportQuerySchema, searchParams(req));
  const scope = user.role === "operator" && !searchParams(req).tenant_id ? null : tenant.id;
  return exportAudit(db, scope, query, tenant.timeZone);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
