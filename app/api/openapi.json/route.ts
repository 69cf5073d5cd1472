import { dashboardOpenApi } from "@/lib/dashboard/api/openapi";
import { requestOrigin } from "@/lib/http/request-origin";
import { otherMethods } from "@/lib/dashboard/api/route";

export const dynamic = "force-dynamic";

// GET /api/openapi.json (public) – OpenAPI 3.1 of the dashboard's API, generated from its contract
export function GET(req: Request) {
  return Response.json(dashboardOpenApi(requestOrigin(req)), { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
