import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { apiKeyCreateBodySchema } from "@/lib/dashboard/contract/api-keys-api";
import { createApiKey, listApiKeys } from "@/lib/dashboard/auth/api-keys";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/api-keys – the tenant's keys (never the keys themselves)
export const GET = apiRoute(settingsRoles, async ({ db, tenant }) => Response.json({ data: await listApiKeys(db, tenant.id) }));

// POST /api/settings/api-keys – a new key; it is in this answer only
export const POST = apiRoute({ ...settingsRoles, mutation: "api_keys.create", stepUp: true }, async ({ req, db, tenant, user, audit }) => {
  const body = await readJson(req, apiKeyCreateBodySchema);
  const created = await createApiKey(db, tenant.id, user, body);
  audit.target = `${created.prefix} ${created.name} (${created.scopes.join(", ")})`;
  return Response.json(created, { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
