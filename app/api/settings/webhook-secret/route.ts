import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { requestOrigin } from "@/lib/http/request-origin";
import { webhookSecretStatus } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/webhook-secret – the secrets masked, and the URL to register
export const GET = apiRoute(settingsRoles, async ({ req, tenant }) => Response.json(webhookSecretStatus(tenant, requestOrigin(req))));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
