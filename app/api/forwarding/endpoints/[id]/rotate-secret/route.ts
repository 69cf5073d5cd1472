import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { rotateSecretBodySchema } from "@/lib/dashboard/contract/forwarding-api";
import { rotateEndpointSecret } from "@/lib/dashboard/forwarding/endpoints";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/forwarding/endpoints/{id}/rotate-secret – a new secret, shown once; deliveries carry
// a signature with the old one too for overlap_hours (24 by default)
export const POST = apiRoute(
  { ...settingsRoles, mutation: "forwarding.endpoint.rotate_secret", stepUp: true, auditTarget: "id" },
  async ({ req, db, tenant, params, audit }) => {
    const id = pathId("forwarding endpoint", params.id);
    audit.target = id;
    const body = await readJson(req, rotateSecretBodySchema);
    return Response.json(await rotateEndpointSecret(db, tenant, id, body.overlap_hours));
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
