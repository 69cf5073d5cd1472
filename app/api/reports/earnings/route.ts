import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { earningsQuerySchema } from "@/lib/dashboard/contract/reports-api";
import { earningsReport } from "@/lib/dashboard/reports/earnings";

export const dynamic = "force-dynamic";

// GET /api/reports/earnings?from=&to=&group=agreement|currency|pair|month
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(earningsQuerySchema, searchParams(req));
  return Response.json(await earningsReport(db, tenant.id, tenant.timeZone, query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
