import { apiRoute, otherMethods } from "@/lib/api/route";
import { readJson } from "@/lib/http/read-body";
import { teamAddBodySchema } from "@/lib/contract/settings-api";
import { addMember, team } from "@/lib/settings/settings";
import { settingsRoles } from "@/lib/settings/roles";

export const dynamic = "force-dynamic";

// GET /api/settings/team – the tenant's users with their last sign-in
export const GET = apiRoute(settingsRoles, async ({ db, tenant }) => Response.json(await team(db, tenant.id)));

// POST /api/settings/team – a new member; the temporary password is in this answer only
export const POST = apiRoute({ ...settingsRoles, mutation: "team.add", stepUp: true }, async ({ req, db, tenant, audit }) => {
  const body = await readJson(req, teamAddBodySchema);
  audit.target = body.email;
  return Response.json(await addMember(db, tenant.id, body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
