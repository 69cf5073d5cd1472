import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { credentialsBodySchema } from "@/lib/dashboard/contract/settings-api";
import { credentials, replaceCredentials } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/credentials – the service's base URL and the client_id, masked
export const GET = apiRoute(settingsRoles, async ({ tenant }) => Response.json(credentials(tenant)));

// PUT /api/settings/credentials – a new client_id, once the service accepts it
export const PUT = apiRoute({ ...settingsRoles, mutation: "settings.client_id.replace", stepUp: true }, async ({ req, db, tenant }) => {
  const { client_id } = await readJson(req, credentialsBodySchema);
  return Response.json(await replaceCredentials(db, tenant, client_id));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
