import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { endpointUpdateBodySchema } from "@/lib/dashboard/contract/forwarding-api";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/dashboard/forwarding/endpoints";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/forwarding/endpoints/{id} – one endpoint with its health
export const GET = apiRoute(settingsRoles, async ({ db, tenant, params }) =>
  Response.json(await getEndpoint(db, tenant, pathId("forwarding endpoint", params.id))),
);

// PATCH /api/forwarding/endpoints/{id} – its URL, description, event types, or enabled
export const PATCH = apiRoute(
  { ...settingsRoles, mutation: "forwarding.endpoint.update", stepUp: true, auditTarget: "id" },
  async ({ req, db, tenant, params, audit }) => {
    const id = pathId("forwarding endpoint", params.id);
    audit.target = id;
    const body = await readJson(req, endpointUpdateBodySchema);
    return Response.json(await updateEndpoint(db, tenant, id, body));
  },
);

// DELETE /api/forwarding/endpoints/{id} – the endpoint, its deliveries and their attempts
export const DELETE = apiRoute({ ...settingsRoles, mutation: "forwarding.endpoint.delete" }, async ({ db, tenant, params, audit }) => {
  const id = pathId("forwarding endpoint", params.id);
  audit.target = id;
  await deleteEndpoint(db, tenant, id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
