import "server-only";
import { isOwnSandbox } from "@/lib/dashboard/upstream/own-sandbox";
import type { Tenant } from "@/lib/dashboard/auth/tenants";
import type { Role } from "@/lib/dashboard/auth/roles";
import { clientKeyOf } from "@/lib/request-log/client-key";

// Who sees which request log rows (docs/request-logs.md#who-sees-what): a tenant's members its
// upstream calls and, while its upstream is this app's sandbox, its API client's sandbox calls;
// viewers without the bodies; the operator console every client's sandbox calls.

/**
 * The key under which a tenant's API client owns its sandbox rows (client_key, set when the row
 * is made, and kept by the tenant beside its client_id): while its upstream is this app's
 * sandbox; else none of the sandbox's rows are its.
 */
export const sandboxClientKeyOf = (tenant: Pick<Tenant, "baseUrl" | "clientKey">): string | null =>
  isOwnSandbox(tenant.baseUrl) ? tenant.clientKey : null;

export type LogViewer =
  | { kind: "tenant"; tenantId: string; clientKey: string | null; bodies: boolean }
  | { kind: "operator"; clientKey: string | null; bodies: true };

export function tenantViewer(tenant: Tenant, role: Role): LogViewer {
  return {
    kind: "tenant",
    tenantId: tenant.id,
    clientKey: sandboxClientKeyOf(tenant),
    bodies: role !== "viewer",
  };
}

/** The operator console's view: every client's sandbox rows, or those of the client_id asked for. */
export const operatorViewer = (clientId: string | null): LogViewer => ({
  kind: "operator",
  clientKey: clientId ? clientKeyOf(clientId) : null,
  bodies: true,
});
