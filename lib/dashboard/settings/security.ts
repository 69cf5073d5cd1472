import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenants } from "@/lib/db/schema";
import { forgetTenants, type Tenant } from "@/lib/dashboard/auth/tenants";
import { forgetUserSessions, type CurrentUser } from "@/lib/dashboard/auth/sessions";
import { hasSecondFactor, resetSecondFactors } from "@/lib/dashboard/auth/factors/factors";
import type { SecurityPolicy } from "@/lib/dashboard/contract/account-api";
import type { TeamMember } from "@/lib/dashboard/contract/settings-api";
import { ApiError } from "@/lib/errors";
import { member } from "./settings";

// A tenant's sign-in policy (/api/settings/security) and an admin's recovery of a member who
// lost their factors (/api/settings/team/{id}/reset-second-factors).

export const securityPolicy = (tenant: Tenant): SecurityPolicy => ({ require_second_factor: tenant.requireSecondFactor });

/**
 * Switches the requirement on or off. Members without a factor are sent to enrolment at their
 * next request, on every instance: the session caches are read afresh.
 */
export async function setSecurityPolicy(
  db: Db,
  tenant: Tenant,
  actor: Pick<CurrentUser, "id" | "tenantId">,
  policy: SecurityPolicy,
): Promise<SecurityPolicy> {
  // an admin of the tenant without a factor would be sent to enrolment by their own change
  if (policy.require_second_factor && actor.tenantId === tenant.id && !(await hasSecondFactor(db, actor.id))) {
    throw new ApiError("conflict", "Set up a second factor of your own first: the policy applies to you too");
  }
  await db.update(tenants).set({ requireSecondFactor: policy.require_second_factor }).where(eq(tenants.id, tenant.id));
  await forgetTenants(db);
  await forgetUserSessions(db, null);
  return policy;
}

/** Removes a member's passkeys, app and recovery codes and ends their sessions. No one resets their own. */
export async function resetMemberFactors(db: Db, tenantId: string, actorId: string, id: string): Promise<TeamMember> {
  await member(db, tenantId, id); // 404 for someone not of this team
  if (id === actorId) throw new ApiError("forbidden", "Ask another admin to reset your own second factors");
  await resetSecondFactors(db, id, "second factors reset by an admin");
  return member(db, tenantId, id);
}
