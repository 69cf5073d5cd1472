import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { SandboxOperatorClient } from "@/lib/service-api/operator-client";
import type { Tenant } from "@/lib/dashboard/auth/tenants";

// The simulator: test buttons for tenants whose upstream is this app's own sandbox (like
// BTCPay's regtest "test payment"), and the operator console's sandbox controls. The dashboard
// reaches the sandbox only over HTTP, through its operator API; a real upstream never gets one.

/** The sandbox's operator API, when the sandbox runs in this app; null otherwise. */
export function sandboxOperator(): SandboxOperatorClient | null {
  const config = env();
  const key = config.secrets.SANDBOX_OPERATOR_KEY;
  if (!config.sandboxEnabled || !key) return null;
  return new SandboxOperatorClient(config.exchangeApiBaseUrl, key);
}

/** Whether the tenant's upstream is this app's own sandbox. */
export function isSandboxTenant(tenant: Pick<Tenant, "baseUrl">): boolean {
  const config = env();
  return config.sandboxEnabled && tenant.baseUrl.replace(/\/+$/, "") === config.exchangeApiBaseUrl;
}

/** The operator API for a tenant's test buttons: 404 for a tenant whose upstream is real. */
export function simulatorFor(tenant: Tenant): SandboxOperatorClient {
  const client = isSandboxTenant(tenant) ? sandboxOperator() : null;
  if (!client) throw new ApiError("not_found", "Simulation is available only against this app's sandbox");
  return client;
}

/** The operator console's sandbox controls: 404 while the sandbox is off. */
export function consoleSimulator(): SandboxOperatorClient {
  const client = sandboxOperator();
  if (!client) throw new ApiError("not_found", "The sandbox is switched off");
  return client;
}
