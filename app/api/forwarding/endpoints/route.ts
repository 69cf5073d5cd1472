import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { endpointCreateBodySchema } from "@/lib/dashboard/contract/forwarding-api";
import { createEndpoint, listEndpoints } from "@/lib/dashboard/forwarding/endpoints";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/forwarding/endpoints – the tenant's forwarding endpoints with their health
export const GET = apiRoute(settingsRoles, async ({ db, tenant }) => Response.json({ data: await listEndpoints(db, tenant) }));

// POST /api/forwarding/endpoints – a new endpoint; its signing secret is in this answer only
export const POST = apiRoute(
  { ...settingsRoles, mutation: "forwarding.endpoint.create", stepUp: true },
  async ({ req, db, tenant, audit }) => {
    const body = await readJson(req, endpointCreateBodySchema);
    audit.target = body.url;
    const endpoint = await createEndpoint(db, tenant, body);
    audit.target = `${endpoint.id} ${endpoint.url}`;
    return Response.json(endpoint, { status: 201 });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
