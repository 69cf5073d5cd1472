import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import { hashPassword } from "./password";
import { roles } from "./roles";
import { revokeUserSessions } from "./sessions";
import { unlockAccount } from "./sign-in-limit";
import { resetSecondFactors } from "./factors/factors";
import { recordAudit } from "@/lib/dashboard/audit/record";
import { auditingKeysOf, type RightsActor } from "./api-keys";

export class AdminError extends Error {}

export const emailSchema = z.string().trim().toLowerCase().email("not an email address").max(254);
export const passwordSchema = z.string().min(12, "at least 12 characters").max(1024);
export const newPassword = () => randomBytes(12).toString("base64url");

/** Operators belong to no tenant; admins and viewers to exactly one. */
const oneTenantUnlessOperator = [
  (u: { role: string; tenantId: string | null }) => (u.role === "operator") === (u.tenantId === null),
  { message: "operators belong to no tenant; admins and viewers to exactly one (--tenant)" },
] as const;

export const userInputSchema = z
  .object({ email: emailSchema, role: z.enum(roles), tenantId: z.guid().nullable(), password: passwordSchema })
  .refine(...oneTenantUnlessOperator);

/** A new user; `invited`: their password is a random one nobody knows until their invitation's link sets one. */
export async function addUser(db: Db, input: z.input<typeof userInputSchema>, options: { invited?: boolean; locale?: string } = {}) {
  const user = userInputSchema.parse(input);
  if (user.tenantId) {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
    if (!tenant) throw new AdminError(`no tenant ${user.tenantId} (see: tenants list)`);
  }
  const [existing] = await db.select().from(users).where(eq(users.email, user.email));
  if (existing) throw new AdminError(`a user ${user.email} exists already`);
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email: user.email,
    passwordHash: await hashPassword(user.password),
    role: user.role,
    tenantId: user.tenantId,
    disabled: false,
    createdAt: new Date(),
    locale: options.locale ?? "en",
    passwordSetAt: options.invited ? null : new Date(),
  });
  return { id, email: user.email, role: user.role, tenantId: user.tenantId, locale: options.locale ?? "en" };
}

export async function listUsers(db: Db) {
  return db
    .select({ email: users.email, role: users.role, tenantId: users.tenantId, disabled: users.disabled, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email));
}

/** The admin command line as the actor of a change: no user, a request id of its own. */
const commandLine = (): RightsActor => ({ userId: null, email: null, requestId: `cli:${randomUUID()}` });

async function idOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailSchema.parse(email)));
  if (!row) throw new AdminError(`no user ${email}`);
  return row.id;
}

/**
 * Disabling ends the user's sessions at once (and their open event streams at the next
 * heartbeat), and takes down the API keys they made (audited).
 */
export async function setDisabled(db: Db, email: string, disabled: boolean, actor: RightsActor = commandLine()) {
  return auditingKeysOf(db, await idOf(db, email), actor, async () => {
    const [row] = await db
      .update(users)
      .set({ disabled })
      .where(eq(users.email, emailSchema.parse(email)))
      .returning({ id: users.id, email: users.email });
    if (!row) throw new AdminError(`no user ${email}`);
    const revoked = disabled ? await revokeUserSessions(db, row.id, "user disabled") : 0;
    return { email: row.email, revoked };
  });
}

/** A new password ends every session signed in with the old one, and lifts a sign-in lock. */
export async function resetPassword(db: Db, email: string, password: string) {
  const hash = await hashPassword(passwordSchema.parse(password));
  const [row] = await db
    .update(users)
    .set({ passwordHash: hash, passwordSetAt: new Date() })
    .where(eq(users.email, emailSchema.parse(email)))
    .returning({ id: users.id, email: users.email });
  if (!row) throw new AdminError(`no user ${email}`);
  const revoked = await revokeUserSessions(db, row.id, "password reset");
  await unlockAccount(db, row.email);
  return { email: row.email, revoked };
}

const roleChangeSchema = z
  .object({ email: emailSchema, role: z.enum(roles), tenantId: z.guid().nullable() })
  .refine(...oneTenantUnlessOperator);

/**
 * A new role (and tenant) ends the user's sessions: they sign in again under the new one. The
 * API keys they made follow the new role (a viewer's only read; another tenant's take none): audited.
 */
export async function setRole(db: Db, input: z.input<typeof roleChangeSchema>, actor: RightsActor = commandLine()) {
  const change = roleChangeSchema.parse(input);
  if (change.tenantId) {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, change.tenantId));
    if (!tenant) throw new AdminError(`no tenant ${change.tenantId} (see: tenants list)`);
  }
  return auditingKeysOf(db, await idOf(db, change.email), actor, async () => {
    const [row] = await db
      .update(users)
      .set({ role: change.role, tenantId: change.tenantId })
      .where(eq(users.email, change.email))
      .returning({ id: users.id, email: users.email });
    if (!row) throw new AdminError(`no user ${change.email}`);
    const revoked = await revokeUserSessions(db, row.id, "role changed");
    return { email: row.email, role: change.role, tenantId: change.tenantId, revoked };
  });
}

/**
 * Removes every second factor of a user and ends their sessions (the admin command line's
 * recovery, audited as the web's is, with the command line as the actor).
 */
export async function resetUserSecondFactors(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, tenantId: users.tenantId })
    .from(users)
    .where(eq(users.email, emailSchema.parse(email)));
  if (!row) throw new AdminError(`no user ${email}`);
  const { revoked } = await resetSecondFactors(db, row.id, "second factors reset from the command line");
  await recordAudit(db, {
    tenantId: row.tenantId,
    userId: null,
    userEmail: null,
    action: "team.reset_second_factors",
    target: row.id,
    result: "ok",
    requestId: `cli:${randomUUID()}`,
  });
  return { email: row.email, revoked };
}

/** Lifts the sign-in lock of an account (5 failed attempts in 15 minutes). */
export async function unlockUser(db: Db, email: string) {
  const address = emailSchema.parse(email);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.email, address));
  if (!row) throw new AdminError(`no user ${email}`);
  return { email: row.email, wasLocked: await unlockAccount(db, row.email) };
}
