import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { readJson } from "@/lib/http/read-body";
import { teamUpdateBodySchema } from "@/lib/dashboard/contract/settings-api";
import { updateMember } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// PATCH /api/settings/team/{id} – a new role, or disabled/enabled; the member's sessions end, and
// the API keys they made follow their new rights
export const PATCH = apiRoute(
  { ...settingsRoles, mutation: "team.update", stepUp: true, auditTarget: "id" },
  async ({ req, db, tenant, user, params, audit, requestId }) => {
    const id = pathId("member", params.id);
    audit.target = id;
    const body = await readJson(req, teamUpdateBodySchema);
    return Response.json(await updateMember(db, tenant.id, { userId: user.id, email: user.email, requestId }, id, body));
  },
);

export const { GET, POST, PUT, DELETE } = otherMethods("PATCH");
