import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId, searchParams } from "@/lib/http/route-params";
import { requestOrigin } from "@/lib/http/request-origin";
import { readJson } from "@/lib/http/read-body";
import { parseOrThrow } from "@/lib/errors";
import { deleteConsoleTenant, updateConsoleTenant } from "@/lib/dashboard/console/console";
import { tenantDeleteQuerySchema, tenantUpdateBodySchema } from "@/lib/dashboard/contract/console-api";

export const dynamic = "force-dynamic";

// PATCH /api/operator/tenants/{id} – its name, service (checked with the service first), network,
// status (disabled: its members, API and webhooks refused) or its being the default
export const PATCH = apiRoute(
  { roles: ["operator"], scope: "global", mutation: "tenants.update", stepUp: true, auditTarget: "id" },
  async ({ req, db, params, audit }) => {
    const id = pathId("tenant", params.id);
    const body = await readJson(req, tenantUpdateBodySchema);
    audit.target = `${id} (${Object.keys(body).join(", ")})`;
    return Response.json(await updateConsoleTenant(db, id, body, requestOrigin(req)));
  },
);

// DELETE /api/operator/tenants/{id}?data=keep|purge – gone from every list, its members disabled;
// with purge, it and everything of it deleted
export const DELETE = apiRoute(
  { roles: ["operator"], scope: "global", mutation: "tenants.delete", stepUp: true, auditTarget: "id" },
  async ({ req, db, params, audit }) => {
    const id = pathId("tenant", params.id);
    const query = parseOrThrow(tenantDeleteQuerySchema, searchParams(req));
    audit.target = `${id} (data ${query.data})`;
    const deleted = await deleteConsoleTenant(db, id, query);
    audit.target = `${deleted.name} ${id} (data ${query.data}, ${deleted.members} members)`;
    return new Response(null, { status: 204 });
  },
);

export const { GET, POST, PUT } = otherMethods("PATCH", "DELETE");
