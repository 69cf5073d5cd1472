import "server-only";
import { and, asc, desc, eq, isNotNull, max } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { affiliateLabels, affiliateUsage, signIns, tenants, users } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors";
import { forgetTenants, type Tenant } from "@/lib/dashboard/auth/tenants";
import { decryptSecret } from "@/lib/dashboard/auth/encryption";
import { probeCredentials } from "@/lib/dashboard/auth/probe-credentials";
import { newWebhookSecret, replaceClientId, rotateWebhookSecret } from "@/lib/dashboard/auth/tenant-admin";
import { hasFactorSql } from "@/lib/dashboard/auth/factors/has-factor-sql";
import { addUser, AdminError, newPassword, setDisabled, setRole } from "@/lib/dashboard/auth/users";
import type { RightsActor } from "@/lib/dashboard/auth/api-keys";
import { sendInvitation, sendPasswordReset } from "@/lib/dashboard/auth/account-links";
import { unlockAccount } from "@/lib/dashboard/auth/sign-in-limit";
import { wakeJobRunner } from "@/lib/dashboard/jobs/runner";
import { isSandboxTenant, sandboxOperator } from "@/lib/dashboard/simulator/simulator";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import type {
  Affiliate,
  Credentials,
  Rotated,
  Team,
  TeamMember,
  MailedLink,
  WebhookSecretStatus,
} from "@/lib/dashboard/contract/settings-api";
import type { z } from "zod";
import type { teamAddBodySchema, teamUpdateBodySchema } from "@/lib/dashboard/contract/settings-api";

// A tenant's settings (/settings): its team, its webhook secret, its API credentials and the
// labels of its affiliate agreements. Every change is a mutation of apiRoute, so it is audited.

/** The first 6 and the last 4 characters; short values show only their last 2. */
export function mask(secret: string): string {
  if (secret.length <= 12) return `${"•".repeat(Math.max(secret.length - 2, 4))}${secret.slice(-2)}`;
  return `${secret.slice(0, 6)}${"•".repeat(8)}${secret.slice(-4)}`;
}

// ---- team ----

async function members(db: Db, tenantId: string, id?: string): Promise<TeamMember[]> {
  const lastOk = db
    .select({ userId: signIns.userId, at: max(signIns.at).as("last_at") })
    .from(signIns)
    .where(and(eq(signIns.result, "ok"), isNotNull(signIns.userId)))
    .groupBy(signIns.userId)
    .as("last_ok");
  const rows = await db
    .select({ user: users, lastAt: lastOk.at, secondFactor: hasFactorSql(users.id) })
    .from(users)
    .leftJoin(lastOk, eq(lastOk.userId, users.id))
    .where(and(eq(users.tenantId, tenantId), id ? eq(users.id, id) : undefined))
    .orderBy(asc(users.email));
  return rows.map(({ user, lastAt, secondFactor }) => ({
    id: user.id,
    email: user.email,
    role: user.role === "admin" ? "admin" : "viewer",
    disabled: user.disabled,
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: lastAt ? new Date(lastAt).toISOString() : null,
    second_factor: Boolean(secondFactor),
    invitation_pending: user.passwordSetAt === null,
  }));
}

export async function team(db: Db, tenantId: string): Promise<Team> {
  return { data: await members(db, tenantId) } satisfies Team;
}

export async function member(db: Db, tenantId: string, id: string): Promise<TeamMember> {
  const [found] = await members(db, tenantId, id);
  if (!found) throw new ApiError("not_found", "No such member of your team");
  return found;
}

/** A new member, mailed an invitation whose link sets their password (in the inviter's language unless told). */
export async function addMember(
  db: Db,
  tenantId: string,
  inviter: { email: string; locale: string },
  body: z.infer<typeof teamAddBodySchema>,
): Promise<MailedLink> {
  try {
    const locale = body.locale ?? inviter.locale;
    const { user, expiresAt } = await db.transaction(async (tx) => {
      const user = await addUser(tx, { email: body.email, role: body.role, tenantId, password: newPassword() }, { invited: true, locale });
      return { user, expiresAt: await sendInvitation(tx, user, inviter.email) };
    });
    wakeJobRunner();
    return {
      member: await member(db, tenantId, user.id),
      link: { purpose: "invitation", mailed_to: user.email, expires_at: expiresAt.toISOString() },
    } satisfies MailedLink;
  } catch (error) {
    if (error instanceof AdminError) throw new ApiError("conflict", "Someone with this email has an account already");
    throw error;
  }
}

/** A new role or enabled state; either ends the member's sessions. No one changes their own. */
export async function updateMember(
  db: Db,
  tenantId: string,
  actor: RightsActor & { userId: string },
  id: string,
  body: z.infer<typeof teamUpdateBodySchema>,
): Promise<TeamMember> {
  const target = await member(db, tenantId, id);
  if (id === actor.userId) throw new ApiError("forbidden", "You cannot change your own role or disable yourself; ask another admin");
  if (body.role && body.role !== target.role) await setRole(db, { email: target.email, role: body.role, tenantId }, actor);
  if (body.disabled !== undefined && body.disabled !== target.disabled) await setDisabled(db, target.email, body.disabled, actor);
  return member(db, tenantId, id);
}

/**
 * Mails the member a link that sets a new password: a reset, or the invitation again for someone
 * who never set one. A sign-in lock lifts at once; their sessions end when the link is used.
 */
export async function resetMember(db: Db, tenantId: string, actor: { id: string; email: string }, id: string): Promise<MailedLink> {
  const target = await member(db, tenantId, id);
  if (id === actor.id) throw new ApiError("forbidden", "Reset your own password with another admin");
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new ApiError("not_found", "No such member of your team");
  const purpose = user.passwordSetAt === null ? "invitation" : "password_reset";
  const expiresAt = await db.transaction(async (tx) => {
    await unlockAccount(tx, user.email);
    return purpose === "invitation" ? sendInvitation(tx, user, actor.email) : sendPasswordReset(tx, user);
  });
  wakeJobRunner();
  return { member: target, link: { purpose, mailed_to: user.email, expires_at: expiresAt.toISOString() } } satisfies MailedLink;
}

// ---- webhook secret ----

export function webhookSecretStatus(tenant: Tenant, origin: string, now = new Date()): WebhookSecretStatus {
  const previous = tenant.previousWebhookSecret;
  return {
    webhook_url: webhookUrl(origin, tenant),
    current: mask(tenant.webhookSecret),
    previous: previous && previous.until > now ? { masked: mask(previous.secret), until: previous.until.toISOString() } : null,
    registered_automatically: isSandboxTenant(tenant),
  } satisfies WebhookSecretStatus;
}

/** The sandbox endpoints that deliver to this tenant: /webhook/{its endpoint id}, and /webhook for the default tenant. */
function deliversToTenant(url: string, tenant: Tenant): boolean {
  let path: string;
  try {
    path = new URL(url).pathname.replace(/\/+$/, "");
  } catch {
    return false;
  }
  return path === `/webhook/${tenant.webhookEndpointId}` || (tenant.isDefault && path === "/webhook");
}

/**
 * Rotates the webhook secret with an overlap. Against this app's sandbox the new secret is
 * registered with it at once (its endpoints that deliver here); if that fails the rotation is
 * undone. Against a real service the new secret is shown once, to be passed on.
 */
export async function rotateSecret(db: Db, tenant: Tenant, overlapHours: number, origin: string, given?: string): Promise<Rotated> {
  const [before] = await db.select().from(tenants).where(eq(tenants.id, tenant.id));
  if (!before) throw new ApiError("not_found", "No such tenant");
  const secret = given ?? newWebhookSecret();
  const rotated = await rotateWebhookSecret(db, tenant.id, secret, overlapHours);
  await forgetTenants(db);
  const operator = isSandboxTenant(tenant) ? sandboxOperator() : null;
  if (operator) {
    try {
      const { clients } = await operator.clients();
      const endpoints = clients.find((c) => c.client_id === tenant.clientId)?.endpoints ?? [];
      for (const endpoint of endpoints.filter((e) => deliversToTenant(e.url, tenant)))
        await operator.setEndpointSecret(endpoint.id, secret);
    } catch (error) {
      await db
        .update(tenants)
        .set({
          webhookSecretEnc: before.webhookSecretEnc,
          previousWebhookSecretEnc: before.previousWebhookSecretEnc,
          previousSecretUntil: before.previousSecretUntil,
        })
        .where(eq(tenants.id, tenant.id));
      await forgetTenants(db);
      throw error;
    }
  }
  const previous = rotated.previousSecretUntil
    ? { secret: decryptSecret(before.webhookSecretEnc), until: rotated.previousSecretUntil }
    : null;
  return {
    secret,
    status: webhookSecretStatus({ ...tenant, webhookSecret: secret, previousWebhookSecret: previous }, origin),
  } satisfies Rotated;
}

export function revealSecret(tenant: Tenant, which: "current" | "previous"): string {
  if (which === "current") return tenant.webhookSecret;
  const previous = tenant.previousWebhookSecret;
  if (!previous || previous.until <= new Date()) throw new ApiError("not_found", "No previous secret is accepted any more");
  return previous.secret;
}

// ---- API credentials ----

export const credentials = (tenant: Tenant): Credentials =>
  ({ base_url: tenant.baseUrl, client_id: mask(tenant.clientId) }) satisfies Credentials;

/** A new client_id, stored only once the service accepts it with the tenant's base URL. */
export async function replaceCredentials(db: Db, tenant: Tenant, clientId: string): Promise<Credentials> {
  await probeCredentials(tenant.baseUrl, clientId);
  await replaceClientId(db, tenant.id, clientId);
  await forgetTenants(db);
  return credentials({ ...tenant, clientId });
}

// ---- affiliate agreements ----

/** Every affiliate_id of the tenant's orders, and every one it labelled, most used first. */
export async function affiliates(db: Db, tenantId: string): Promise<Affiliate[]> {
  // counted as orders are written (affiliate_usage, kept by a trigger), not by reading every order
  const used = await db
    .select({ affiliateId: affiliateUsage.affiliateId, orders: affiliateUsage.orders, lastUsedAt: affiliateUsage.lastUsedAt })
    .from(affiliateUsage)
    .where(eq(affiliateUsage.tenantId, tenantId))
    .orderBy(desc(affiliateUsage.orders), asc(affiliateUsage.affiliateId));
  const labels = await db.select().from(affiliateLabels).where(eq(affiliateLabels.tenantId, tenantId));
  const labelOf = new Map(labels.map((l) => [l.affiliateId, l.label]));
  const seen = used.map((u) => ({
    affiliate_id: u.affiliateId,
    label: labelOf.get(u.affiliateId) ?? null,
    orders: Number(u.orders),
    last_used_at: u.lastUsedAt ? new Date(u.lastUsedAt).toISOString() : null,
  }));
  const configured = labels
    .filter((l) => !used.some((u) => u.affiliateId === l.affiliateId))
    .map((l) => ({ affiliate_id: l.affiliateId, label: l.label, orders: 0, last_used_at: null }));
  return [...seen, ...configured] satisfies Affiliate[];
}

export async function labelAffiliate(db: Db, tenantId: string, affiliateId: string, label: string) {
  await db
    .insert(affiliateLabels)
    .values({ tenantId, affiliateId, label, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [affiliateLabels.tenantId, affiliateLabels.affiliateId], set: { label, updatedAt: new Date() } });
}

export async function unlabelAffiliate(db: Db, tenantId: string, affiliateId: string) {
  const removed = await db
    .delete(affiliateLabels)
    .where(and(eq(affiliateLabels.tenantId, tenantId), eq(affiliateLabels.affiliateId, affiliateId)))
    .returning({ id: affiliateLabels.affiliateId });
  if (removed.length === 0) throw new ApiError("not_found", "No label for this affiliate_id");
}
