import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { operatorRequestLogQuerySchema } from "@/lib/dashboard/contract/request-logs-api";
import { listRequestLogs } from "@/lib/dashboard/request-logs/list-logs";
import { operatorViewer } from "@/lib/dashboard/request-logs/viewer";

export const dynamic = "force-dynamic";

// GET /api/operator/request-logs?client_id=&… – every client's sandbox calls (operators)
export const GET = apiRoute({ roles: ["operator"], scope: "global" }, async ({ req, db }) => {
  const query = parseOrThrow(operatorRequestLogQuerySchema, searchParams(req));
  return Response.json(await listRequestLogs(db, operatorViewer(query.client_id ?? null), query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
