import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { securityPolicyBodySchema } from "@/lib/dashboard/contract/account-api";
import { securityPolicy, setSecurityPolicy } from "@/lib/dashboard/settings/security";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/security – whether every member must have a second factor
export const GET = apiRoute(settingsRoles, async ({ tenant }) => Response.json(securityPolicy(tenant)));

// PUT /api/settings/security – require a second factor of every member, or stop requiring it
const policyChange = { ...settingsRoles, mutation: "settings.security.policy" as const, stepUp: true };

export const PUT = apiRoute(policyChange, async ({ req, db, tenant, user, audit }) => {
  const body = await readJson(req, securityPolicyBodySchema);
  audit.target = body.require_second_factor ? "second factor required" : "second factor optional";
  return Response.json(await setSecurityPolicy(db, tenant, user, body));
});

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
