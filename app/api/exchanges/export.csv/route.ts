import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { exchangeExportQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { exportExchanges } from "@/lib/dashboard/reports/exports";

export const dynamic = "force-dynamic";

// GET /api/exchanges/export.csv – the exchange list's filters, plus from and to (days)
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(exchangeExportQuerySchema, searchParams(req));
  return exportExchanges(db, tenant, query, "csv");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
