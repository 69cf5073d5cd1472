import { apiRoute, otherMethods } from "@/lib/api/route";
import { requestOrigin } from "@/lib/api/request-origin";
import { webhookSecretStatus } from "@/lib/settings/settings";
import { settingsRoles } from "@/lib/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/webhook-secret – the secrets masked, and the URL to register
export const GET = apiRoute(settingsRoles, async ({ req, tenant }) => Response.json(webhookSecretStatus(tenant, requestOrigin(req))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
