import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { earningsQuerySchema } from "@/lib/dashboard/contract/reports-api";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { exportEarnings } from "@/lib/dashboard/reports/exports";

export const dynamic = "force-dynamic";

// GET /api/reports/earnings.csv – the earnings report's rows, with its parameters
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(earningsQuerySchema, searchParams(req));
  return exportEarnings(await earningsReport(db, tenant.id, tenant.timeZone, query), "csv");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
