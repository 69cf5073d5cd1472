import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { resendDelivery } from "@/lib/dashboard/forwarding/deliveries";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/forwarding/deliveries/{id}/resend – one more attempt now, whatever its status; the
// answer is the delivery after it
export const POST = apiRoute({ ...settingsRoles, mutation: "forwarding.delivery.resend" }, async ({ db, tenant, params, audit }) => {
  const id = pathId("delivery", params.id);
  audit.target = id;
  return Response.json(await resendDelivery(db, tenant, id));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
