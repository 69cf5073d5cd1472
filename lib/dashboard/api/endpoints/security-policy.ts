import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { securityPolicyBodySchema, securityPolicySchema } from "@/lib/dashboard/contract/account-api";
import { teamMemberSchema } from "@/lib/dashboard/contract/settings-api";
import { resetMemberFactors, securityPolicy, setSecurityPolicy } from "@/lib/dashboard/settings/security";
import { settingsRoles } from "@/lib/dashboard/settings/roles";
import { endpoint } from "../endpoint";
import { stepUpNote } from "./step-up";
import { mutation } from "../error-sets";

// A tenant's sign-in policy (/api/settings/security) and the way out for a member who lost every
// factor (admins and operators): both change who may act, so both need a recent factor.

const change = mutation;
const stepUp = [...change, "reauthentication_required"] satisfies ErrorCode[];
const tag = "settings";

// GET /api/settings/security – whether every member must have a second factor
export const getSecurityPolicy = endpoint({
  method: "GET",
  path: "/settings/security",
  access: settingsRoles,
  doc: {
    operationId: "getSecurityPolicy",
    summary: "The tenant's sign-in policy",
    description: "Whether every member must have a second factor.",
    tag,
    success: { status: 200, description: "The policy", schema: securityPolicySchema },
    errors: ["unauthorized", "forbidden"],
  },
  handler: async ({ tenant }) => Response.json(securityPolicy(tenant)),
});

// PUT /api/settings/security – require a second factor of every member, or stop requiring it
export const putSecurityPolicy = endpoint({
  method: "PUT",
  path: "/settings/security",
  access: { ...settingsRoles, mutation: "settings.security.policy", stepUp: true },
  body: { schema: securityPolicyBodySchema, example: { require_second_factor: true } },
  doc: {
    operationId: "setSecurityPolicy",
    summary: "Require a second factor of every member",
    description:
      "Members without one are taken to enrolment at their next request and can do nothing else until enrolled. An admin " +
      `without a factor of their own cannot switch it on (409). ${stepUpNote}`,
    tag,
    success: { status: 200, description: "The policy now", schema: securityPolicySchema },
    errors: [...stepUp, "conflict"],
  },
  handler: async ({ db, tenant, user, audit, body }) => {
    audit.target = body.require_second_factor ? "second factor required" : "second factor optional";
    return Response.json(await setSecurityPolicy(db, tenant, user, body));
  },
});

// POST /api/settings/team/{id}/reset-second-factors – the member's passkeys, app and recovery codes
// removed and their sessions ended, for someone who lost them all
export const resetMemberSecondFactors = endpoint({
  method: "POST",
  path: "/settings/team/{id}/reset-second-factors",
  access: { ...settingsRoles, mutation: "team.reset_second_factors", stepUp: true, auditTarget: "id" },
  ids: { id: "member" },
  doc: {
    operationId: "resetMemberSecondFactors",
    summary: "Reset a member's second factors",
    description: `For someone who lost them all: their passkeys, app and recovery codes are removed and their sessions end. ${stepUpNote}`,
    tag,
    // checked as a member (404 "No such member"), documented as the user a member is
    pathParams: { id: "User UUID" },
    success: { status: 200, description: "The member now", schema: teamMemberSchema },
    errors: [...stepUp, "not_found"],
  },
  handler: async ({ db, tenant, user, ids, audit }) => {
    audit.target = ids.id;
    return Response.json(await resetMemberFactors(db, tenant.id, user.id, ids.id));
  },
});

export const securityPolicyEndpoints = [getSecurityPolicy, putSecurityPolicy, resetMemberSecondFactors];
