import * as z from "zod/mini";
import { driveEventTypes } from "@/lib/service-api/operator-contract";
import { exchangeListItemSchema } from "./dashboard-api";
import { clientIdInputSchema } from "./settings-api";
import { hasOnlyAPath } from "@/lib/base-url";

// The dashboard API's simulator and operator console (/api/.../simulate, /api/operator/...):
// bodies the server builds with `satisfies` and the browser parses with the same schemas. The
// sandbox's own answers that pass through (deliveries, clients, clock, payments) keep their
// schemas in lib/service-api/operator-contract.ts.

const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));
const networks = ["mainnet", "testnet", "signet", "regtest"] as const;
const roles = ["operator", "admin", "viewer"] as const;

/** GET /api/exchanges/{id}/simulate: every operator event, whether it fits the exchange now, and why not. */
export const simulatorStepsSchema = z.object({
  payout_kind: z.enum(["coin", "lightning"]),
  events: z.array(z.object({ type: z.enum(driveEventTypes), allowed: z.boolean(), reason: z.nullable(z.string()) })),
});
export type SimulatorSteps = z.infer<typeof simulatorStepsSchema>;

export const consoleTenantSchema = z.object({
  id: uuid,
  name: z.string(),
  base_url: z.string(),
  network: z.enum(networks),
  /** Where the service must POST this tenant's webhooks. */
  webhook_url: z.string(),
  is_default: z.boolean(),
  /** Whether its upstream is this app's own sandbox (test buttons appear). */
  sandbox: z.boolean(),
  /** disabled: an operator paused it (its members, API and webhooks are refused). */
  status: z.enum(["active", "disabled"]),
  created_at: isoTimestamp,
});
export const consoleTenantsSchema = z.object({ data: z.array(consoleTenantSchema) });
export type ConsoleTenant = z.infer<typeof consoleTenantSchema>;

/** A service's base URL: http(s), a host and a path, nothing after it (lib/base-url.ts). */
const httpUrl = z.url({ protocol: /^https?$/, error: "An http(s) URL" });
const baseUrl = httpUrl.check(
  z.maxLength(2048),
  z.refine(hasOnlyAPath, "The service's base URL holds a scheme, a host and a path only: no query, fragment or credentials"),
);

export const tenantCreateBodySchema = z.strictObject({
  name: z.string().check(z.trim()).check(z.minLength(1, "Name the tenant")).check(z.maxLength(120)),
  base_url: baseUrl,
  client_id: clientIdInputSchema,
  network: z.enum(networks),
});
/**
 * A change to a tenant: any of its name, service (base URL and client_id, stored only once the
 * service takes them together), network, status, or its being the default tenant.
 */
export const tenantUpdateBodySchema = z
  .strictObject({
    name: z.optional(z.string().check(z.trim(), z.minLength(1, "Name the tenant"), z.maxLength(120))),
    base_url: z.optional(baseUrl),
    client_id: z.optional(clientIdInputSchema),
    network: z.optional(z.enum(networks)),
    status: z.optional(z.enum(["active", "disabled"])),
    is_default: z.optional(z.literal(true)),
  })
  .check(
    z.refine((b) => Object.keys(b).length > 0, { message: "Send what changes: name, base_url, client_id, network, status or is_default" }),
  );

/** DELETE /api/operator/tenants/{id}?data=keep|purge */
export const tenantDeleteQuerySchema = z.object({
  data: z.enum(["keep", "purge"], { error: "data=keep (the tenant's data stays in the database) or data=purge (deleted with it)" }),
});

export const tenantCreatedSchema = z.extend(consoleTenantSchema, {
  /** The webhook secret to register with the service together with webhook_url: shown this once. */
  webhook_secret: z.string(),
});

export const consoleUsersSchema = z.object({
  data: z.array(
    z.object({
      id: uuid,
      email: z.string(),
      role: z.enum(roles),
      tenant_id: z.nullable(uuid),
      tenant_name: z.nullable(z.string()),
      disabled: z.boolean(),
      created_at: isoTimestamp,
    }),
  ),
});
export type ConsoleUsers = z.infer<typeof consoleUsersSchema>;

export const consoleExchangePageSchema = z.object({
  data: z.array(z.extend(exchangeListItemSchema, { tenant_id: uuid, tenant_name: z.string() })),
  next_cursor: z.nullable(z.string()),
});
export type ConsoleExchangePage = z.infer<typeof consoleExchangePageSchema>;

export const consoleExchangeQuerySchema = z.object({
  cursor: z.nullish(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int()).check(z.minimum(1)).check(z.maximum(100)), 25),
  tenant_id: z.nullish(z.guid()),
  state: z.nullish(z.enum(["executed", "interrupted", "refunded", "settled"])),
});

export const clockBodySchema = z.strictObject({
  advance_seconds: z
    .int()
    .check(z.minimum(0))
    .check(z.maximum(30 * 24 * 3600)),
});

/** GET /api/operator/events: one frame per notice of any tenant (no id, no replay); the console refetches what it shows. */
export const consoleFrameSchema = z.object({
  tenant_id: uuid,
  kind: z.enum(["webhook", "snapshot"]),
  exchange_id: z.nullable(uuid),
});
export type ConsoleFrame = z.infer<typeof consoleFrameSchema>;

// ---- mail (the Mail tab: what was sent, or kept when no SMTP server is configured) ----

export const consoleMailSchema = z.object({
  id: uuid,
  to: z.string(),
  category: z.string(),
  locale: z.string(),
  subject: z.string(),
  /** queued | sent | caught | failed */
  status: z.enum(["queued", "sent", "caught", "failed"]),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  created_at: isoTimestamp,
  sent_at: z.nullable(isoTimestamp),
});
export type ConsoleMail = z.infer<typeof consoleMailSchema>;
export const consoleMailListSchema = z.object({ data: z.array(consoleMailSchema), smtp_configured: z.boolean() });
export type ConsoleMailList = z.infer<typeof consoleMailListSchema>;
export const consoleMailDetailSchema = z.extend(consoleMailSchema, {
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type ConsoleMailDetail = z.infer<typeof consoleMailDetailSchema>;
