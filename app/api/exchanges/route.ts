import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { searchParams } from "@/lib/http/route-params";
import { parseOrThrow } from "@/lib/errors";
import { listExchanges } from "@/lib/dashboard/exchanges/list-exchanges";
import { exchangeListQuerySchema } from "@/lib/dashboard/contract/dashboard-api";
import { serviceTime } from "@/lib/service-api/client";

export const dynamic = "force-dynamic";

// GET /api/exchanges – from the index (?state=&order_id=&pair=&type=&attention=1&range=&from=&to=&sort=&cursor=&limit=)
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const query = parseOrThrow(exchangeListQuerySchema, searchParams(req));
  return Response.json(await listExchanges(db, tenant, query, { now: new Date(), serviceNow: serviceTime(tenant.baseUrl) }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
