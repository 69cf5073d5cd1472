import * as z from "zod/mini";
import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { ApiError, parseOrThrow } from "@/lib/errors";
import { listAudit } from "@/lib/dashboard/audit/list-audit";
import { auditQuerySchema } from "@/lib/dashboard/contract/dashboard-api";

export const dynamic = "force-dynamic";

// GET /api/audit – who changed what and when, with the result (admins: their tenant's; operators:
// every tenant's and the console's own, or one tenant's with ?tenant_id=)
export const GET = apiRoute({}, async ({ req, db, tenant, user }) => {
  if (user.role === "viewer") throw new ApiError("forbidden", "Viewers do not see the audit log");
  const query = parseOrThrow(z.extend(auditQuerySchema, { tenant_id: z.nullish(z.string()) }), searchParams(req));
  const scope = user.role === "operator" && !query.tenant_id ? null : tenant.id;
  return Response.json(await listAudit(db, scope, query, tenant.timeZone));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
