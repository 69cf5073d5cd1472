import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { sendTestEvent } from "@/lib/dashboard/forwarding/deliveries";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/forwarding/endpoints/{id}/test – a test event (type forwarding.test) sent now; the
// answer is its delivery after the first attempt (retried on the schedule like any other)
export const POST = apiRoute({ ...settingsRoles, mutation: "forwarding.endpoint.test" }, async ({ db, tenant, params, audit }) => {
  const id = pathId("forwarding endpoint", params.id);
  audit.target = id;
  return Response.json(await sendTestEvent(db, tenant, id), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
