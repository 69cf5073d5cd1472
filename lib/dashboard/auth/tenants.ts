import "server-only";
import { eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invalidate, onInvalidation } from "@/lib/db/cache-bus";
import { tenants } from "@/lib/db/schema";
import { ExchangeClient } from "@/lib/service-api/client";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { decryptSecret, encryptSecret } from "./encryption";
import { clientKeyOf } from "@/lib/request-log/client-key";
import { processSingleton } from "@/lib/process-singleton";
import { observerFor } from "@/lib/dashboard/upstream/reachability";
import { ownCallMarkFor, recorderFor } from "@/lib/request-log/dashboard-calls";
import { isOwnSandbox, mayBePrivate } from "@/lib/dashboard/upstream/own-sandbox";

export type Tenant = {
  id: string;
  name: string;
  baseUrl: string;
  clientId: string;
  /** What its API client's sandbox calls are logged under (the request log's client_key), stored with the client_id. */
  clientKey: string | null;
  webhookSecret: string;
  /** After a rotation, the secret before it and until when webhooks signed with it are accepted. */
  previousWebhookSecret: { secret: string; until: Date } | null;
  webhookEndpointId: string;
  isDefault: boolean;
  /** The bitcoin network of the tenant's service. */
  network: NetworkName;
  /** The IANA time zone of its reports (days, months). */
  timeZone: string;
  /** Every member must have a second factor. */
  requireSecondFactor: boolean;
  /** Disabled by an operator: its members, API and webhooks are refused until it is enabled again. */
  disabled: boolean;
};

const CACHE_MS = 5_000;
// Per process: decrypted credentials, briefly. A change made by any instance or the admin CLI
// is announced on the cache bus and drops every instance's copy at once; CACHE_MS bounds a
// copy whose notice was lost.
const holder = processSingleton("tenant-cache", () => ({ cached: undefined as { at: number; all: Tenant[] } | undefined }));
onInvalidation("tenants", () => {
  holder.cached = undefined;
});

/**
 * Every tenant that is not deleted, with its credentials decrypted, cached a few seconds (the
 * admin CLI may change them).
 */
export async function allTenants(db: Db): Promise<Tenant[]> {
  const cached = holder.cached;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.all;
  const rows = await db.select().from(tenants).where(ne(tenants.status, "deleted"));
  const all = rows.map((row) => ({
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    clientId: decryptSecret(row.clientIdEnc),
    clientKey: row.clientKey,
    webhookSecret: decryptSecret(row.webhookSecretEnc),
    previousWebhookSecret:
      row.previousWebhookSecretEnc && row.previousSecretUntil
        ? { secret: decryptSecret(row.previousWebhookSecretEnc), until: row.previousSecretUntil }
        : null,
    webhookEndpointId: row.webhookEndpointId,
    isDefault: row.isDefault,
    network: row.network,
    timeZone: row.timeZone,
    requireSecondFactor: row.requireSecondFactor,
    disabled: row.status === "disabled",
  }));
  holder.cached = { at: Date.now(), all };
  return all;
}

/** After a committed change of tenants: every instance drops its cached tenants, this one at once. */
export function forgetTenants(db: Db): Promise<void> {
  return invalidate(db, { cache: "tenants" });
}

export async function tenantById(db: Db, id: string): Promise<Tenant | null> {
  return (await allTenants(db)).find((t) => t.id === id) ?? null;
}

/** The tenant of POST /webhook/{endpointId}, or of POST /webhook (the default tenant). */
export async function tenantForWebhook(db: Db, endpointId: string | null): Promise<Tenant | null> {
  const all = await allTenants(db);
  return (endpointId ? all.find((t) => t.webhookEndpointId === endpointId) : all.find((t) => t.isDefault)) ?? null;
}

/**
 * The tenant's client of its service: every call counted, a failed one logged
 * (lib/dashboard/upstream/reachability.ts), and recorded in its request log (lib/request-log/dashboard-calls.ts), by
 * the dashboard alone: its calls to this app's sandbox are marked as its own.
 */
export function upstreamFor(tenant: Tenant): ExchangeClient {
  return new ExchangeClient({
    baseUrl: tenant.baseUrl,
    clientId: tenant.clientId,
    allowPrivate: mayBePrivate(tenant.baseUrl),
    observe: observerFor(tenant),
    record: recorderFor(tenant, isOwnSandbox(tenant.baseUrl)),
    mark: ownCallMarkFor(isOwnSandbox(tenant.baseUrl)),
  });
}

/**
 * A tenant's client_id as stored: sealed, and beside it the key its sandbox calls are logged
 * under, so that the request log's rows are found by the tenant's own column, never by hashing
 * every tenant's client_id again.
 */
export const storedClientId = (clientId: string) => ({ clientIdEnc: encryptSecret(clientId), clientKey: clientKeyOf(clientId) });

/** Gives each tenant made before tenants.client_key its key (once, at boot): unsealed here, where the key is at hand. */
export async function keyTenantClients(db: Db): Promise<number> {
  const unkeyed = await db.select({ id: tenants.id, clientIdEnc: tenants.clientIdEnc }).from(tenants).where(isNull(tenants.clientKey));
  for (const row of unkeyed) {
    await db
      .update(tenants)
      .set({ clientKey: clientKeyOf(decryptSecret(row.clientIdEnc)) })
      .where(eq(tenants.id, row.id));
  }
  if (unkeyed.length > 0) await forgetTenants(db);
  return unkeyed.length;
}
