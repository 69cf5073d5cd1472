import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { orderExportQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { exportOrders } from "@/lib/dashboard/reports/exports";

export const dynamic = "force-dynamic";

// GET /api/orders/export.csv – the order list's filters
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(orderExportQuerySchema, searchParams(req));
  return exportOrders(db, tenant, query, "csv");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
