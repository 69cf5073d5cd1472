import { serviceTime } from "@/lib/service-api/client";
import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { cachedOverview } from "@/lib/dashboard/overview/overview-cache";

export const dynamic = "force-dynamic";

// GET /api/overview – counts, latest exchanges, daily volume and fees per pair, attention, reconciliation;
// kept a few seconds per tenant unless asked with Cache-Control: no-cache
export const GET = apiRoute({}, async ({ req, db, tenant }) => {
  const fresh = /\bno-cache\b/i.test(req.headers.get("cache-control") ?? "");
  return Response.json(await cachedOverview(db, tenant, serviceTime(tenant.baseUrl), { fresh }));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
