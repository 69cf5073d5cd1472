import { serviceTime } from "@/lib/service-api/client";
import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { overview } from "@/lib/dashboard/overview/overview";

export const dynamic = "force-dynamic";

// GET /api/overview – counts, latest exchanges, daily volume and fees per pair, attention, reconciliation
export const GET = apiRoute({}, async ({ db, tenant }) =>
  Response.json(await overview(db, tenant.id, serviceTime(tenant.baseUrl), tenant.timeZone)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
