import "server-only";
import { isTimeZone } from "@/lib/time-zone";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import { encryptSecret } from "./encryption";
import { storedClientId } from "./tenants";
import { AdminError } from "./users";
import { revokeUserSessions } from "./sessions";
import { networkNames } from "@/lib/bitcoin/networks";
import { clientIdInputSchema } from "@/lib/dashboard/contract/settings-api";
import { hasOnlyAPath } from "@/lib/base-url";

/** A service's base URL as stored: http(s), a host and a path only (lib/base-url.ts), without a trailing slash. */
const serviceBaseUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine(hasOnlyAPath, "the service's base URL holds a scheme, a host and a path only: no query, fragment or credentials")
  .transform((u) => u.replace(/\/+$/, ""));

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("hex")}`;

const tenantInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  baseUrl: serviceBaseUrlSchema,
  clientId: clientIdInputSchema,
  webhookSecret: z.string().min(16, "at least 16 characters").max(256),
  network: z.string().pipe(z.enum(networkNames)),
});

/** A tenant: an API client of the service whose webhooks arrive at /webhook/{endpoint id}. */
export async function addTenant(db: Db, input: z.input<typeof tenantInputSchema>) {
  const tenant = tenantInputSchema.parse(input);
  const existing = await db.select({ id: tenants.id }).from(tenants).limit(1);
  const row = {
    id: randomUUID(),
    name: tenant.name,
    baseUrl: tenant.baseUrl,
    ...storedClientId(tenant.clientId),
    webhookSecretEnc: encryptSecret(tenant.webhookSecret),
    webhookEndpointId: randomBytes(12).toString("base64url"),
    network: tenant.network,
    isDefault: existing.length === 0,
    createdAt: new Date(),
  };
  await db.insert(tenants).values(row);
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    network: row.network,
    webhookPath: `/webhook/${row.webhookEndpointId}`,
    isDefault: row.isDefault,
  };
}

/** The network a tenant's service runs on (tenants made before this setting existed have testnet). */
export async function setTenantNetwork(db: Db, tenantId: string, network: string) {
  const parsed = z.enum(networkNames).parse(network);
  const [row] = await db.update(tenants).set({ network: parsed }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
}

/** The IANA time zone whose days and months the tenant's reports count (Europe/Zurich by default). */
export async function setTenantTimeZone(db: Db, tenantId: string, timeZone: string) {
  if (!isTimeZone(timeZone)) throw new AdminError(`unknown time zone ${timeZone} (an IANA name such as Europe/Zurich)`);
  const [row] = await db.update(tenants).set({ timeZone }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
}

export async function listTenants(db: Db) {
  const rows = await db.select().from(tenants).where(ne(tenants.status, "deleted")).orderBy(asc(tenants.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    baseUrl: r.baseUrl,
    network: r.network,
    webhookPath: `/webhook/${r.webhookEndpointId}`,
    isDefault: r.isDefault,
    status: r.status,
  }));
}

/** The overlap of a rotation when none is chosen: the old secret stays valid for a day. */
export const DEFAULT_OVERLAP_HOURS = 24;

/**
 * A new webhook secret. The one it replaces stays accepted for `overlapHours` (0: at once no
 * more), while the new one is registered with the service; a second rotation inside the overlap
 * ends the first one's previous secret.
 */
export async function rotateWebhookSecret(db: Db, tenantId: string, secret: string, overlapHours = DEFAULT_OVERLAP_HOURS) {
  const parsed = z.string().min(16, "at least 16 characters").max(256).parse(secret);
  const [current] = await db.select({ enc: tenants.webhookSecretEnc }).from(tenants).where(eq(tenants.id, tenantId));
  if (!current) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3_600_000) : null;
  const [row] = await db
    .update(tenants)
    .set({
      webhookSecretEnc: encryptSecret(parsed),
      previousWebhookSecretEnc: until ? current.enc : null,
      previousSecretUntil: until,
    })
    .where(eq(tenants.id, tenantId))
    .returning({ id: tenants.id, previousSecretUntil: tenants.previousSecretUntil });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  return row;
}

/** A new client_id for the tenant's API calls (checked with the service by the caller). */
export async function replaceClientId(db: Db, tenantId: string, clientId: string) {
  const parsed = clientIdInputSchema.parse(clientId);
  const [row] = await db.update(tenants).set(storedClientId(parsed)).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  return row;
}

// ---- mending a tenant (the operator console and the command line) ----

const tenantChangeSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  baseUrl: serviceBaseUrlSchema.optional(),
  clientId: z.optional(clientIdInputSchema),
  network: z.string().pipe(z.enum(networkNames)).optional(),
});

/**
 * A tenant's name, base URL, client_id or network. A new base URL or client_id is stored only
 * once the service takes the pair (the caller probes them: lib/dashboard/auth/probe-credentials.ts).
 */
export async function updateTenant(db: Db, tenantId: string, input: z.input<typeof tenantChangeSchema>) {
  const change = tenantChangeSchema.parse(input);
  const values = {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(change.baseUrl === undefined ? {} : { baseUrl: change.baseUrl }),
    ...(change.clientId === undefined ? {} : storedClientId(change.clientId)),
    ...(change.network === undefined ? {} : { network: change.network }),
  };
  if (Object.keys(values).length === 0) return;
  const [row] = await db
    .update(tenants)
    .set(values)
    .where(and(eq(tenants.id, tenantId), ne(tenants.status, "deleted")))
    .returning({ id: tenants.id });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
}

/** The tenant's row as it is, deleted ones left out. */
export async function tenantRow(db: Db, tenantId: string) {
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), ne(tenants.status, "deleted")));
  return row ?? null;
}

/**
 * Disables a tenant (its members' pages, its API and its webhooks are refused, its data kept) or
 * enables it again. The default tenant cannot be disabled while another could serve as default.
 */
export async function setTenantStatus(db: Db, tenantId: string, status: "active" | "disabled") {
  const [row] = await db
    .update(tenants)
    .set({ status, statusChangedAt: new Date() })
    .where(and(eq(tenants.id, tenantId), ne(tenants.status, "deleted")))
    .returning({ id: tenants.id, name: tenants.name });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  return row;
}

/**
 * Deletes a tenant. "keep": it is gone from every list and answers nothing, its members are
 * disabled and signed out, and its data stays in the database; "purge": the tenant, its members
 * and everything of theirs are deleted in one transaction (the foreign keys cascade; the few
 * tables that name a tenant without one are emptied of it here). The default tenant is deleted
 * only as the last one.
 */
export async function deleteTenant(db: Db, tenantId: string, data: "keep" | "purge") {
  const row = await tenantRow(db, tenantId);
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  const others = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(ne(tenants.id, tenantId), ne(tenants.status, "deleted")));
  if (row.isDefault && others.length > 0) {
    throw new AdminError("this is the default tenant: make another one the default first");
  }
  const members = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
  await db.transaction(async (tx) => {
    // their sessions end on every instance (each instance's copy is dropped), then the accounts go or stay disabled
    for (const member of members) await revokeUserSessions(tx, member.id, "tenant deleted");
    if (data === "keep") {
      await tx.update(tenants).set({ status: "deleted", statusChangedAt: new Date(), isDefault: false }).where(eq(tenants.id, tenantId));
      await tx.update(users).set({ disabled: true }).where(eq(users.tenantId, tenantId));
      return;
    }
    // what names the tenant without a foreign key to it; then its orders and exchanges while the
    // tenant still exists (their triggers keep figures of it, which the tenant's row takes along)
    for (const table of ["audit_log", "sign_ins", "webhook_rejections", "exchanges", "orders"]) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`);
    }
    await tx.delete(tenants).where(eq(tenants.id, tenantId));
  });
  return { name: row.name, members: members.length };
}

/** Makes this tenant the default one (what operators look at first, and /webhook without an id). */
export async function setDefaultTenant(db: Db, tenantId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.id, tenantId), eq(tenants.status, "active")));
    if (!row) throw new AdminError(`no active tenant ${tenantId}`);
    await tx.update(tenants).set({ isDefault: false }).where(ne(tenants.id, tenantId));
    await tx.update(tenants).set({ isDefault: true }).where(eq(tenants.id, tenantId));
  });
}
