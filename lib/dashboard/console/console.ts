import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenants, users } from "@/lib/db/schema";
import { addTenant, newWebhookSecret } from "@/lib/dashboard/auth/tenant-admin";
import { allTenants, forgetTenants } from "@/lib/dashboard/auth/tenants";
import { exchangeRows, listItem } from "@/lib/dashboard/exchanges/list-exchanges";
import { isSandboxTenant } from "@/lib/dashboard/simulator/simulator";
import type {
  ConsoleExchangePage,
  ConsoleTenant,
  ConsoleUsers,
  consoleExchangeQuerySchema,
  tenantCreateBodySchema,
  tenantCreatedSchema,
} from "@/lib/dashboard/contract/console-api";
import type { z } from "zod";

// The operator console's reads across tenants, and creating a tenant.

const webhookUrl = (origin: string, endpointId: string) => `${origin}/webhook/${endpointId}`;

// GET /api/operator/tenants
export async function consoleTenants(db: Db, origin: string): Promise<ConsoleTenant[]> {
  const rows = await db.select().from(tenants).orderBy(asc(tenants.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    base_url: row.baseUrl,
    network: row.network,
    webhook_url: webhookUrl(origin, row.webhookEndpointId),
    is_default: row.isDefault,
    sandbox: isSandboxTenant(row),
    created_at: row.createdAt.toISOString(),
  }));
}

// POST /api/operator/tenants – the webhook secret is made here and shown once, to register with the service
export async function createConsoleTenant(
  db: Db,
  input: z.infer<typeof tenantCreateBodySchema>,
  origin: string,
): Promise<z.infer<typeof tenantCreatedSchema>> {
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
