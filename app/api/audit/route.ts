import { apiRoute, otherMethods } from "@/lib/api/route";
import { searchParams } from "@/lib/api/ownership";
import { ApiError, parseOrThrow } from "@/lib/errors";
import { listAudit } from "@/lib/audit/list-audit";
import { auditQuerySchema } from "@/lib/contract/dashboard-api";

export const dynamic = "force-dynamic";

// GET /api/audit – who changed what and when, with the result (admins and operators)
export const GET = apiRoute({}, async ({ req, db, tenant, user }) => {
  if (user.role === "viewer") throw new ApiError("forbidden", "Viewers do not see the audit log");
  return Response.json(await listAudit(db, tenant.id, parseOrThrow(auditQuerySchema, searchParams(req))));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
