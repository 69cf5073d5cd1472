import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { requestLogQuerySchema } from "@/lib/dashboard/contract/request-logs-api";
import { listRequestLogs } from "@/lib/dashboard/request-logs/list-logs";
import { tenantViewer } from "@/lib/dashboard/request-logs/viewer";

export const dynamic = "force-dynamic";

// GET /api/request-logs?since=&until=&status=&method=&path=&error_code=&source=&api_key_id=&user_id=&before=&limit=
export const GET = apiRoute({}, async ({ req, db, tenant, user }) =>
  Response.json(await listRequestLogs(db, tenantViewer(tenant, user.role), parseOrThrow(requestLogQuerySchema, searchParams(req)))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
