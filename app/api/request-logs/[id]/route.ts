import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { ApiError } from "@/lib/errors";
import { requestLogDetail } from "@/lib/dashboard/request-logs/list-logs";
import { tenantViewer } from "@/lib/dashboard/request-logs/viewer";

export const dynamic = "force-dynamic";

// GET /api/request-logs/{id} – one call with its headers and bodies (viewers: without the bodies)
export const GET = apiRoute({}, async ({ db, tenant, user, params }) => {
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (id === null) throw new ApiError("not_found", "No such request log entry");
  return Response.json(await requestLogDetail(db, tenantViewer(tenant, user.role), id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
