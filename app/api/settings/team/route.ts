import { apiRoute, otherMethods } from "@/lib/dashboard/api/route";
import { readJson } from "@/lib/http/read-body";
import { teamAddBodySchema } from "@/lib/dashboard/contract/settings-api";
import { addMember, team } from "@/lib/dashboard/settings/settings";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { requestLocale } from "@/i18n/request-locale";

export const dynamic = "force-dynamic";

// GET /api/settings/team – the tenant's users with their last sign-in
export const GET = apiRoute(settingsRoles, async ({ db, tenant }) => Response.json(await team(db, tenant.id)));

// POST /api/settings/team – a new member, mailed an invitation (in the inviter's language unless told)
export const POST = apiRoute({ ...settingsRoles, mutation: "team.add", stepUp: true }, async ({ req, db, tenant, user, audit }) => {
  const body = await readJson(req, teamAddBodySchema);
  audit.target = `${body.email} (${body.role})`;
  const inviter = { email: user.email, locale: requestLocale(req) };
  return Response.json(await addMember(db, tenant.id, inviter, body), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
