// Every action the audit log records, with its area (the filter's groups) and what its target
// names. recordAudit and apiRoute's `mutation` take only these codes, so a new one cannot be
// recorded before it is listed here; the catalogues' `audit.sentences` must then say it in every
// language (TypeScript checks English, audit-sentences.test.ts all four).

/** What an entry's target holds, and so where it links to. */
export const auditTargetKinds = [
  "order",
  "exchange",
  "member",
  "tenant",
  "affiliate",
  "endpoint",
  "delivery",
  "api_key",
  "challenge",
  "passkey",
  "text",
  "none",
] as const;
export type AuditTargetKind = (typeof auditTargetKinds)[number];

export const auditAreas = [
  "orders",
  "challenges",
  "exchanges",
  "payout_links",
  "team",
  "account",
  "api_keys",
  "settings",
  "agreements",
  "forwarding",
  "tenants",
  "sandbox",
] as const;
export type AuditArea = (typeof auditAreas)[number];

const a = (area: AuditArea, target: AuditTargetKind) => ({ area, target });

export const auditActions = {
  "orders.create": a("orders", "order"),
  "orders.update": a("orders", "order"),
  "orders.simulate_payment": a("orders", "order"),
  "challenges.create": a("challenges", "challenge"),
  "exchanges.payout": a("exchanges", "exchange"),
  "exchanges.simulate": a("exchanges", "exchange"),
  "payout_links.create": a("payout_links", "exchange"),
  "payout_links.revoke": a("payout_links", "exchange"),
  "payout_links.replace": a("payout_links", "exchange"),
  "payout_links.invoice": a("payout_links", "exchange"),
  "payout_links.lightning_address": a("payout_links", "exchange"),
  "team.add": a("team", "member"),
  "team.update": a("team", "member"),
  "team.reset_password": a("team", "member"),
  "team.reset_second_factors": a("team", "member"),
  "account.notifications": a("account", "none"),
  "account.passkey.add": a("account", "passkey"),
  "account.passkey.rename": a("account", "passkey"),
  "account.passkey.remove": a("account", "passkey"),
  "account.reauthenticate": a("account", "none"),
  "account.recovery_codes.regenerate": a("account", "none"),
  "account.totp.start": a("account", "none"),
  "account.totp.enable": a("account", "none"),
  "account.totp.remove": a("account", "none"),
  "api_keys.create": a("api_keys", "api_key"),
  "api_keys.revoke": a("api_keys", "api_key"),
  "api_keys.limit": a("api_keys", "api_key"),
  "api_keys.deactivate": a("api_keys", "api_key"),
  "api_keys.restore": a("api_keys", "api_key"),
  "settings.time_zone": a("settings", "text"),
  "settings.security.policy": a("settings", "none"),
  "settings.client_id.replace": a("settings", "none"),
  "settings.webhook_secret.reveal": a("settings", "none"),
  "settings.webhook_secret.rotate": a("settings", "none"),
  "settings.affiliate.label": a("settings", "affiliate"),
  "settings.affiliate.unlabel": a("settings", "affiliate"),
  "agreements.replace": a("agreements", "none"),
  "agreements.update": a("agreements", "affiliate"),
  "agreements.payout.record": a("agreements", "affiliate"),
  "forwarding.endpoint.create": a("forwarding", "endpoint"),
  "forwarding.endpoint.update": a("forwarding", "endpoint"),
  "forwarding.endpoint.delete": a("forwarding", "endpoint"),
  "forwarding.endpoint.rotate_secret": a("forwarding", "endpoint"),
  "forwarding.endpoint.test": a("forwarding", "endpoint"),
  "forwarding.endpoint.recover": a("forwarding", "endpoint"),
  "forwarding.delivery.resend": a("forwarding", "delivery"),
  "forwarding.event.resend": a("forwarding", "text"),
  "tenants.create": a("tenants", "tenant"),
  "tenants.update": a("tenants", "tenant"),
  "tenants.delete": a("tenants", "tenant"),
  "sandbox.clock": a("sandbox", "text"),
  "sandbox.clock_reset": a("sandbox", "text"),
  "sandbox.client_clock_reset": a("sandbox", "text"),
  "sandbox.payment": a("sandbox", "order"),
  "sandbox.drive_exchange": a("sandbox", "exchange"),
  "sandbox.resend_delivery": a("sandbox", "delivery"),
  "sandbox.recover_deliveries": a("sandbox", "endpoint"),
  "sandbox.scenario_run": a("sandbox", "text"),
} as const satisfies Record<string, { area: AuditArea; target: AuditTargetKind }>;

export type AuditAction = keyof typeof auditActions;
export const auditActionCodes = Object.keys(auditActions) as AuditAction[];

export function isAuditAction(code: string): code is AuditAction {
  return Object.hasOwn(auditActions, code);
}

/** The action codes of an area, in the list's order. */
export const actionsOfArea = (area: AuditArea): AuditAction[] => auditActionCodes.filter((code) => auditActions[code].area === area);

/** How an entry ended: `ok`, a refusal of the caller's rights, or any other error code. */
export type AuditOutcome = "ok" | "denied" | "failed";
const refusals = new Set([
  "unauthorized",
  "api_key_inactive",
  "forbidden",
  "reauthentication_required",
  "second_factor_required",
  "insufficient_scope",
  "tenant_disabled",
]);
export const outcomeOf = (result: string): AuditOutcome => (result === "ok" ? "ok" : refusals.has(result) ? "denied" : "failed");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An entry's target as the log holds it (an id, or an id followed by details, e.g.
 * `{id} (name, base_url)`), split into what it names and the rest.
 */
export function splitTarget(target: string | null): { id: string | null; detail: string | null; isUuid: boolean } {
  if (!target) return { id: null, detail: null, isUuid: false };
  const [first = "", ...rest] = target.split(" ");
  if (UUID.test(first)) return { id: first, detail: rest.join(" ") || null, isUuid: true };
  return { id: target, detail: null, isUuid: false };
}
