import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId, searchParams } from "@/lib/http/route-params";
import { deliveryListQuerySchema } from "@/lib/dashboard/contract/forwarding-api";
import { listDeliveries } from "@/lib/dashboard/forwarding/deliveries";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/forwarding/endpoints/{id}/deliveries?status=&before=&limit= – newest first, each with its attempts
export const GET = apiRoute(settingsRoles, async ({ req, db, tenant, params }) => {
  const query = deliveryListQuerySchema.parse(searchParams(req));
  return Response.json(await listDeliveries(db, tenant, pathId("forwarding endpoint", params.id), query));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
