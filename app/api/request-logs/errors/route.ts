import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { requestLogErrorsQuerySchema } from "@/lib/dashboard/contract/request-logs-api";
import { requestLogErrors } from "@/lib/dashboard/request-logs/error-groups";
import { tenantViewer } from "@/lib/dashboard/request-logs/viewer";

export const dynamic = "force-dynamic";

// GET /api/request-logs/errors?window=24h|7d&source= – failed calls grouped by error code and route
export const GET = apiRoute({}, async ({ req, db, tenant, user }) =>
  Response.json(await requestLogErrors(db, tenantViewer(tenant, user.role), parseOrThrow(requestLogErrorsQuerySchema, searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
