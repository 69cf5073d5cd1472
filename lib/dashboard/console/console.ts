import "server-only";
import { asc, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import {
  addTenant,
  deleteTenant,
  newWebhookSecret,
  setDefaultTenant,
  setTenantStatus,
  tenantRow,
  updateTenant,
} from "@/lib/dashboard/auth/tenant-admin";
import { probeCredentials } from "@/lib/dashboard/auth/probe-credentials";
import { decryptSecret } from "@/lib/dashboard/auth/encryption";
import { AdminError } from "@/lib/dashboard/auth/users";
import { ApiError } from "@/lib/errors";
import { allTenants, forgetTenants } from "@/lib/dashboard/auth/tenants";
import { exchangeRows, listItem } from "@/lib/dashboard/exchanges/list-exchanges";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import { webhookUrl } from "@/lib/dashboard/auth/webhook-url";
import type {
  ConsoleExchangePage,
  ConsoleTenant,
  ConsoleUsers,
  consoleExchangeQuerySchema,
  tenantCreateBodySchema,
  tenantCreatedSchema,
  tenantDeleteQuerySchema,
  tenantUpdateBodySchema,
} from "@/lib/dashboard/contract/console-api";
import type { z } from "zod";

// The operator console's reads across tenants, and creating a tenant.

// GET /api/operator/tenants
export async function consoleTenants(db: Db, origin: string): Promise<ConsoleTenant[]> {
  const rows = await db.select().from(tenants).where(ne(tenants.status, "deleted")).orderBy(asc(tenants.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    base_url: row.baseUrl,
    network: row.network,
    webhook_url: webhookUrl(origin, row),
    is_default: row.isDefault,
    sandbox: isSandboxTenant(row),
    status: row.status === "disabled" ? "disabled" : "active",
    created_at: row.createdAt.toISOString(),
  }));
}

// POST /api/operator/tenants – the webhook secret is made here and shown once, to register with the service
export async function createConsoleTenant(
  db: Db,
  input: z.infer<typeof tenantCreateBodySchema>,
  origin: string,
): Promise<z.infer<typeof tenantCreatedSchema>> {
  // the service must take the credentials before anything is stored (400 naming the field otherwise)
  await probeCredentials(input.base_url.replace(/\/+$/, ""), input.client_id);
  const webhookSecret = newWebhookSecret();
  const created = await addTenant(db, {
    name: input.name,
    baseUrl: input.base_url,
    clientId: input.client_id,
    webhookSecret,
    network: input.network,
  });
  await forgetTenants(db);
  const tenant = (await consoleTenants(db, origin)).find((t) => t.id === created.id);
  if (!tenant) throw new Error(`tenant ${created.id} vanished`);
  return { ...tenant, webhook_secret: webhookSecret };
}

// PATCH /api/operator/tenants/{id}
export async function updateConsoleTenant(
  db: Db,
  tenantId: string,
  input: z.infer<typeof tenantUpdateBodySchema>,
  origin: string,
): Promise<ConsoleTenant> {
  const row = await tenantRow(db, tenantId);
  if (!row) throw new ApiError("not_found", "No such tenant");
  if (input.status === "disabled" && (row.isDefault || input.is_default)) {
    throw new ApiError("conflict", "The default tenant cannot be disabled: make another one the default first");
  }
  try {
    // a new service or client_id: the service must take the pair as it will be used
    if (input.base_url !== undefined || input.client_id !== undefined) {
      await probeCredentials((input.base_url ?? row.baseUrl).replace(/\/+$/, ""), input.client_id ?? decryptSecret(row.clientIdEnc));
    }
    await updateTenant(db, tenantId, { name: input.name, baseUrl: input.base_url, clientId: input.client_id, network: input.network });
    if (input.status) await setTenantStatus(db, tenantId, input.status);
    if (input.is_default) await setDefaultTenant(db, tenantId);
  } catch (error) {
    if (error instanceof AdminError) throw new ApiError("conflict", error.message);
    throw error;
  }
  await forgetTenants(db);
  const tenant = (await consoleTenants(db, origin)).find((t) => t.id === tenantId);
  if (!tenant) throw new ApiError("not_found", "No such tenant");
  return tenant;
}

// DELETE /api/operator/tenants/{id}?data=keep|purge
export async function deleteConsoleTenant(db: Db, tenantId: string, query: z.infer<typeof tenantDeleteQuerySchema>) {
  try {
    const deleted = await deleteTenant(db, tenantId, query.data);
    await forgetTenants(db);
    return deleted;
  } catch (error) {
    if (error instanceof AdminError) throw new ApiError(/^no tenant/.test(error.message) ? "not_found" : "conflict", error.message);
    throw error;
  }
}

// GET /api/operator/users
export async function consoleUsers(db: Db): Promise<ConsoleUsers["data"]> {
  const names = new Map((await allTenants(db)).map((t) => [t.id, t.name]));
  const rows = await db.select().from(users).orderBy(asc(users.email));
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    role: u.role as ConsoleUsers["data"][number]["role"],
    tenant_id: u.tenantId,
    tenant_name: u.tenantId ? (names.get(u.tenantId) ?? null) : null,
    disabled: u.disabled,
    created_at: u.createdAt.toISOString(),
  }));
}

// GET /api/operator/exchanges
export async function consoleExchanges(db: Db, query: z.infer<typeof consoleExchangeQuerySchema>): Promise<ConsoleExchangePage> {
  const names = new Map((await allTenants(db)).map((t) => [t.id, t.name]));
  const { rows, next_cursor } = await exchangeRows(db, query.tenant_id ?? null, { ...query, state: query.state ?? null });
  return {
    data: rows.map((row) => ({ ...listItem(row), tenant_id: row.tenantId, tenant_name: names.get(row.tenantId) ?? "" })),
    next_cursor,
  };
}
