import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { resetMemberFactors } from "@/lib/dashboard/settings/security";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/settings/team/{id}/reset-second-factors – the member's passkeys, app and recovery codes
// removed and their sessions ended, for someone who lost them all
export const POST = apiRoute(
  { ...settingsRoles, mutation: "team.reset_second_factors", stepUp: true, auditTarget: "id" },
  async ({ db, tenant, user, params, audit }) => {
    const id = pathId("member", params.id);
    audit.target = id;
    return Response.json(await resetMemberFactors(db, tenant.id, user.id, id));
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
