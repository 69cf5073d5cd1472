import type { Tenant } from "@/lib/dashboard/auth/tenants";

/**
 * Where the service POSTs this tenant's webhooks: /webhook/{its endpoint id}, or /webhook for the
 * default tenant, whose endpoint that is (the one the demo client registers; both deliver to it).
 * A module of its own: the admin command line reads it without the dashboard's mail and words.
 */
export const webhookUrl = (origin: string, tenant: Pick<Tenant, "webhookEndpointId" | "isDefault">) =>
  tenant.isDefault ? `${origin}/webhook` : `${origin}/webhook/${tenant.webhookEndpointId}`;
