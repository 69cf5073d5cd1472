import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import { hashPassword } from "./password";
import { roles } from "./roles";

export class AdminError extends Error {}

export const emailSchema = z.string().trim().toLowerCase().email("not an email address").max(254);
export const passwordSchema = z.string().min(12, "at least 12 characters").max(1024);
export const newPassword = () => randomBytes(12).toString("base64url");

export const userInputSchema = z
  .object({ email: emailSchema, role: z.enum(roles), tenantId: z.guid().nullable(), password: passwordSchema })
  .refine((u) => (u.role === "operator") === (u.tenantId === null), {
    message: "operators belong to no tenant; admins and viewers to exactly one (--tenant)",
  });

export async function addUser(db: Db, input: z.input<typeof userInputSchema>) {
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
  });
  return { id, email: user.email, role: user.role, tenantId: user.tenantId };
}

export async function listUsers(db: Db) {
  return db
    .select({ email: users.email, role: users.role, tenantId: users.tenantId, disabled: users.disabled, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email));
}

export async function setDisabled(db: Db, email: string, disabled: boolean) {
  const [row] = await db.update(users).set({ disabled }).where(eq(users.email, emailSchema.parse(email))).returning({ email: users.email });
  if (!row) throw new AdminError(`no user ${email}`);
  return row;
}

export async function resetPassword(db: Db, email: string, password: string) {
  const hash = await hashPassword(passwordSchema.parse(password));
  const [row] = await db.update(users).set({ passwordHash: hash }).where(eq(users.email, emailSchema.parse(email))).returning({ email: users.email });
  if (!row) throw new AdminError(`no user ${email}`);
  return row;
}
