import "server-only";
import type { ErrorCode } from "@/lib/errors";
import {
  mailedLinkSchema,
  signInPageSchema,
  signInQuerySchema,
  teamAddBodySchema,
  teamMemberSchema,
  teamSchema,
  teamUpdateBodySchema,
} from "@/lib/dashboard/contract/settings-api";
import { addMember, resetMember, team, updateMember } from "@/lib/dashboard/settings/settings";
import { listSignIns } from "@/lib/dashboard/auth/sign-in-history";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { requestLocale } from "@/i18n/request-locale";
import { endpoint } from "../endpoint";
import { mutation } from "../error-sets";

// A tenant's team (/api/settings/team, admins and operators) and its sign-in history: every
// change is in the audit log, and each that changes who may act asks for step-up.

const read = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const tag = "settings";
// A member is a user of the tenant: documented as "User UUID", though a wrong one is 404 "No such member".
const userId = { id: "User UUID" };

// GET /api/settings/team – the tenant's users with their last sign-in
export const listTeam = endpoint({
  method: "GET",
  path: "/settings/team",
  access: settingsRoles,
  doc: {
    operationId: "listTeam",
    summary: "The tenant's team",
    description: "Every user of the tenant with role, state and last successful sign-in.",
    tag,
    success: { status: 200, description: "The team", schema: teamSchema },
    errors: read,
  },
  handler: async ({ db, tenant }) => Response.json(await team(db, tenant.id)),
});

// POST /api/settings/team – a new member, mailed an invitation (in the inviter's language unless told)
export const addTeamMember = endpoint({
  method: "POST",
  path: "/settings/team",
  access: { ...settingsRoles, mutation: "team.add", stepUp: true },
  body: { schema: teamAddBodySchema, example: { email: "new.colleague@example.com", role: "viewer" } },
  doc: {
    operationId: "addTeamMember",
    summary: "Add a member",
    description:
      "A new admin or viewer of the tenant. They are mailed an invitation whose one-time link (valid 24 hours) sets " +
      "their password; no password is shown to anyone.",
    tag,
    success: { status: 201, description: "The member and the invitation mailed to them", schema: mailedLinkSchema },
    errors: [...mutation, "conflict"],
  },
  handler: async ({ req, db, tenant, user, audit, body }) => {
    audit.target = `${body.email} (${body.role})`;
    const inviter = { email: user.email, locale: requestLocale(req) };
    return Response.json(await addMember(db, tenant.id, inviter, body), { status: 201 });
  },
});

// PATCH /api/settings/team/{id} – a new role, or disabled/enabled; the member's sessions end, and
// the API keys they made follow their new rights
export const updateTeamMember = endpoint({
  method: "PATCH",
  path: "/settings/team/{id}",
  access: { ...settingsRoles, mutation: "team.update", stepUp: true, auditTarget: "id" },
  ids: { id: "member" },
  body: { schema: teamUpdateBodySchema, example: { disabled: true } },
  doc: {
    operationId: "updateTeamMember",
    summary: "Change a member's role, or disable or enable them",
    description: "Either change ends the member's sessions at once. No one changes their own account (403).",
    tag,
    pathParams: userId,
    success: { status: 200, description: "The member now", schema: teamMemberSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, user, audit, requestId, ids, body }) => {
    audit.target = ids.id;
    return Response.json(await updateMember(db, tenant.id, { userId: user.id, email: user.email, requestId }, ids.id, body));
  },
});

// POST /api/settings/team/{id}/reset-password – mails the member a one-time link that sets a new password
export const resetTeamMemberPassword = endpoint({
  method: "POST",
  path: "/settings/team/{id}/reset-password",
  access: { ...settingsRoles, mutation: "team.reset_password", stepUp: true, auditTarget: "id" },
  ids: { id: "member" },
  doc: {
    operationId: "resetTeamMemberPassword",
    summary: "Reset a member's password",
    description:
      "Mails the member a one-time link that sets a new password (valid 30 minutes; an invitation again, 24 hours, " +
      "for a member who never set one). A sign-in lock lifts; using the link ends their sessions.",
    tag,
    pathParams: userId,
    success: { status: 200, description: "The member and the link mailed to them", schema: mailedLinkSchema },
    errors: [...mutation, "not_found"],
  },
  handler: async ({ db, tenant, user, audit, ids }) => {
    audit.target = ids.id;
    return Response.json(await resetMember(db, tenant.id, user, ids.id));
  },
});

// GET /api/settings/sign-ins – the team's sign-in attempts, newest first (?before=&limit=)
export const listTeamSignIns = endpoint({
  method: "GET",
  path: "/settings/sign-ins",
  access: settingsRoles,
  query: signInQuerySchema,
  doc: {
    operationId: "listSignIns",
    summary: "The team's sign-in history",
    description: "Sign-in attempts on the team's accounts, newest first: time, address and result (one row per rate-limit window).",
    tag,
    success: { status: 200, description: "A page of attempts", schema: signInPageSchema },
    errors: [...read, "invalid_request"],
  },
  handler: async ({ db, tenant, query }) => Response.json(await listSignIns(db, tenant.id, query)),
});

export const teamEndpoints = [listTeam, addTeamMember, updateTeamMember, resetTeamMemberPassword, listTeamSignIns];
