import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { pathId } from "@/lib/http/route-params";
import { resetMember } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";

export const dynamic = "force-dynamic";

// POST /api/settings/team/{id}/reset-password – mails the member a one-time link that sets a new password
export const POST = apiRoute(
  { ...settingsRoles, mutation: "team.reset_password", stepUp: true, auditTarget: "id" },
  async ({ db, tenant, user, params, audit }) => {
    const id = pathId("member", params.id);
    audit.target = id;
    return Response.json(await resetMember(db, tenant.id, user, id));
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
