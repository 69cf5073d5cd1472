import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { revokeApiKey } from "@/lib/dashboard/auth/api-keys";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// DELETE /api/settings/api-keys/{id} – revokes the key, on every instance at once
export const DELETE = apiRoute({ ...settingsRoles, mutation: "api_keys.revoke" }, async ({ db, tenant, params, audit }) => {
  const id = pathId("API key", params.id);
  audit.target = id;
  await revokeApiKey(db, tenant.id, id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
