import "server-only";
import { isTimeZone } from "@/lib/dashboard/reports/periods";
import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { tenants } from "@/lib/db/schema";
import { encryptSecret } from "./encryption";
import { AdminError } from "./users";
import { networkNames } from "@/lib/bitcoin/networks";
import { clientIdInputSchema } from "@/lib/dashboard/contract/settings-api";

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("hex")}`;

const tenantInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  baseUrl: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, "")),
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
    clientIdEnc: encryptSecret(tenant.clientId),
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
  const rows = await db.select().from(tenants).orderBy(asc(tenants.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    baseUrl: r.baseUrl,
    network: r.network,
    webhookPath: `/webhook/${r.webhookEndpointId}`,
    isDefault: r.isDefault,
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
  const [row] = await db
    .update(tenants)
    .set({ clientIdEnc: encryptSecret(parsed) })
    .where(eq(tenants.id, tenantId))
    .returning({ id: tenants.id });
  if (!row) throw new AdminError(`no tenant ${tenantId} (see: tenants list)`);
  return row;
}
