// The dashboard: tenants, users, its index of orders and exchanges, the audit log and payout links;
// its webhooks, access and agreements have files of their own (docs/architecture.md#data).
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { Exchange, Order } from "@/lib/service-api/schemas";
import type { ExchangeState } from "@/lib/service-api/exchange-state";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { ts } from "./columns";

export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  baseUrl: text("base_url").notNull(),
  clientIdEnc: text("client_id_enc").notNull(),
  /**
   * The key its API client's calls to this app's sandbox are logged under (the request log's
   * client_key: the SHA-256 of the client_id, lib/request-log/client-key.ts), written with the
   * client_id; null only until the boot after the upgrade that added it.
   */
  clientKey: text("client_key"),
  webhookSecretEnc: text("webhook_secret_enc").notNull(),
  webhookEndpointId: text("webhook_endpoint_id").notNull().unique("tenants_webhook_endpoint_id_key"),
  /** The bitcoin network of the tenant's service: addresses, keys and invoices are checked against it. */
  network: text("network").$type<NetworkName>().notNull().default("testnet"),
  /** After a rotation: the secret before it, still accepted on webhooks until previousSecretUntil. */
  previousWebhookSecretEnc: text("previous_webhook_secret_enc"),
  previousSecretUntil: ts("previous_secret_until"),
  /** The IANA time zone its reports count days and months in. */
  timeZone: text("time_zone").notNull().default("Europe/Zurich"),
  /** Every member must have a second factor (a passkey or an authenticator app) to act. */
  requireSecondFactor: boolean("require_second_factor").notNull().default(false),
  isDefault: boolean("is_default").notNull(),
  createdAt: ts("created_at").notNull(),
  /**
   * active; disabled by an operator (its members, API and webhooks are refused until enabled
   * again); or deleted with its data kept (gone from every list; a purge deletes the row instead).
   */
  status: text("status").$type<TenantStatus>().notNull().default("active"),
  statusChangedAt: ts("status_changed_at"),
});

export type TenantStatus = "active" | "disabled" | "deleted";

/**
 * A check value of each key that seals data at rest (APP_ENCRYPTION_KEY): an HMAC of a fixed text
 * under the key, never the key. Every instance and the admin command line compare theirs with it
 * before they seal or unseal anything, so a wrong key is refused by name at once rather than found
 * later as unreadable credentials (lib/dashboard/auth/sealing-key.ts).
 */
export const sealingKeyChecks = pgTable("sealing_key_checks", {
  name: text("name").primaryKey(),
  checkValue: text("check_value").notNull(),
  createdAt: ts("created_at").notNull(),
});

/**
 * The tenant a row belongs to (constraint named as PostgreSQL names it, as the first migrations
 * did). A tenant purged by an operator takes its rows with it.
 */
export const ofTenant = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_tenant_id_fkey`, columns: [column], foreignColumns: [tenants.id] }).onDelete("cascade");

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull().unique("users_email_key"),
    passwordHash: text("password_hash").notNull(),
    role: text("role").notNull(), // operator | admin | viewer
    tenantId: uuid("tenant_id"),
    disabled: boolean("disabled").notNull(),
    createdAt: ts("created_at").notNull(),
    /** The language of their mail: the one they last chose in the switcher (en | de | fr | it). */
    locale: text("locale").notNull().default("en"),
    /** When they chose their password; null while an invitation waits (the stored hash is of a random one). */
    passwordSetAt: ts("password_set_at"),
  },
  (t) => [ofTenant("users", t.tenantId), check("users_role_check", sql`role IN ('operator', 'admin', 'viewer')`)],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    snapshot: jsonb("snapshot").$type<Order>().notNull(),
    active: boolean("active").notNull(),
    currency: text("currency").notNull(),
    payoutKind: text("payout_kind").notNull(), // coin | lightning
    createdOn: ts("created_on").notNull(),
    createdBy: uuid("created_by"),
    fetchedAt: ts("fetched_at").notNull(),
  },
  (t) => [
    ofTenant("orders", t.tenantId),
    index("orders_tenant_created").on(t.tenantId, t.createdOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list sorted by state (active first or last), and filtered by it
    index("orders_tenant_active_created").on(t.tenantId, t.active, t.createdOn, t.id),
    // the header's search (lib/dashboard/search): each kind of value it looks up has its index
    // an agreement's newest order (affiliate_usage keeps its count; lib/db/migrations/0013)
    index("orders_affiliate").on(t.tenantId, sql`(${t.snapshot} ->> 'affiliate_id')`, t.createdOn),
    index("orders_creditor_reference").on(t.tenantId, sql`(${t.snapshot} #>> '{payment_method,creditor_reference}')`),
    index("orders_node_pubkey").on(t.tenantId, sql`(${t.snapshot} #>> '{payout_method,node_pubkey}')`),
    index("orders_payout_address").on(t.tenantId, sql`(${t.snapshot} #>> '{payout_method,bitcoin_address}')`),
  ],
);

// Keyed by (tenant, id): a webhook of one tenant can never take over another tenant's row.
export const exchanges = pgTable(
  "exchanges",
  {
    id: uuid("id").notNull(),
    tenantId: uuid("tenant_id").notNull(),
    orderId: uuid("order_id").notNull(),
    /** The latest GET /v1/exchanges/{id}; null until the first one succeeded. */
    snapshot: jsonb("snapshot").$type<Exchange>(),
    state: text("state").$type<ExchangeState>().notNull(),
    pair: text("pair"),
    type: text("type"),
    firstSeenAt: ts("first_seen_at").notNull(),
    /** When the GET behind the snapshot started: an older one never overwrites a newer one. */
    fetchedAt: ts("fetched_at"),
    /** The snapshot's executed_on: reports count an exchange on this day. */
    executedAt: ts("executed_at"),
    /**
     * first_seen_at on the service's clock (the sandbox's may run ahead): reports count an
     * exchange that never executed (refunded, held for identification) on this day.
     */
    firstSeenServiceAt: ts("first_seen_service_at"),
    /**
     * The exchange's time on the service, the one every list ranges, sorts and shows it by and
     * reports count it on: its executed_on, or, never executed (refunded at once, held for
     * identification), first_seen_service_at; first_seen_at only for rows older than that column.
     * Generated, so rows indexed before it (and every path that writes a row) have it at once.
     */
    serviceAt: ts("service_at")
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(executed_at, first_seen_service_at, first_seen_at)`),
    /**
     * The agreement the order had when the exchange was first seen executed: recorded once and
     * never changed, because the order's affiliate_id can be patched afterwards.
     */
    affiliateId: uuid("affiliate_id"),
    /** The payment hash of the payout's invoice, decoded once when the snapshot is stored (search). */
    paymentHash: text("payment_hash"),
    /** The type of the latest webhook stored for the exchange (the attention queue's "never announced" rule). */
    lastEventType: text("last_event_type"),
    /**
     * Whether a rule of the attention queue can flag it, however old: interrupted, awaiting its
     * payout, with an unconfirmed payout, or in a state its latest webhook did not announce. A
     * column (not only an index predicate) so that the planner knows how few they are.
     */
    attentionCandidate: boolean("attention_candidate").generatedAlwaysAs(
      sql`state IN ('interrupted', 'executed') OR (snapshot -> 'payout' ->> 'confirmed') = 'false'
        OR (snapshot IS NOT NULL AND ('exchange.' || state) IS DISTINCT FROM last_event_type)`,
    ),
  },
  (t) => [
    primaryKey({ name: "exchanges_pkey", columns: [t.tenantId, t.id] }),
    index("exchanges_payment_hash").on(t.tenantId, t.paymentHash),
    // the invoices whose payment hash is still to be decoded (stored before the column): empty once filled
    index("exchanges_payment_hash_missing")
      .on(t.tenantId)
      .where(sql`${t.paymentHash} IS NULL AND (${t.snapshot} #>> '{payout,invoice}') IS NOT NULL`),
    index("exchanges_payout_txid").on(t.tenantId, sql`(${t.snapshot} #>> '{payout,txid}')`),
    index("exchanges_payout_invoice").on(t.tenantId, sql`(${t.snapshot} #>> '{payout,invoice}')`),
    index("exchanges_payout_address").on(t.tenantId, sql`(${t.snapshot} #>> '{payout,bitcoin_address}')`),
    ofTenant("exchanges", t.tenantId),
    index("exchanges_order").on(t.orderId),
    // an order's exchanges, newest first (the list filtered by order_id), however many it has
    index("exchanges_tenant_order_service").on(t.tenantId, t.orderId, t.serviceAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list filtered by state: a rare one (refunded, interrupted) is read by its own index at any depth;
    // and sorted by state, either way (every column in one direction, so a backward walk is the other sort)
    index("exchanges_tenant_state_service").on(
      t.tenantId,
      t.state.desc().nullsFirst(),
      t.serviceAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("exchanges_tenant_service").on(t.tenantId, t.serviceAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the operator console's exchanges of every tenant, newest first
    index("exchanges_service").on(t.serviceAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // an agreement's statement lines in execution order, and the rebuild of its daily figures
    index("exchanges_tenant_affiliate_executed").on(t.tenantId, t.affiliateId, t.executedAt, t.id),
    // the exchanges the attention queue's rules can flag, however old (lib/dashboard/exchanges/attention.ts)
    index("exchanges_attention")
      .on(t.tenantId, t.serviceAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.attentionCandidate}`),
    // the search by amount ("60 EUR", "0.0012 BTC"), newest first (lib/dashboard/search/search.ts)
    index("exchanges_tenant_cost").on(t.tenantId, sql`((${t.snapshot} ->> 'cost')::numeric)`, t.serviceAt.desc().nullsFirst()),
    index("exchanges_tenant_bitcoin").on(t.tenantId, sql`((${t.snapshot} ->> 'amount')::numeric)`, t.serviceAt.desc().nullsFirst()),
    index("exchanges_tenant_counted").on(t.tenantId, sql`COALESCE(${t.executedAt}, ${t.firstSeenServiceAt}, ${t.firstSeenAt})`),
    // the list sorted by execution and by amount, either way, page after page (lib/dashboard/exchanges/list-exchanges.ts)
    index("exchanges_tenant_executed").on(t.tenantId, sql`COALESCE(${t.executedAt}, '-infinity'::timestamptz)`, t.id),
    index("exchanges_tenant_amount").on(t.tenantId, sql`COALESCE((${t.snapshot} ->> 'amount')::numeric, -1)`, t.id),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id"),
    userId: uuid("user_id"),
    userEmail: text("user_email"),
    /** The API key that acted (its prefix), on behalf of user_id, its creator; null for a session. */
    apiKeyPrefix: text("api_key_prefix"),
    action: text("action").notNull(),
    target: text("target"),
    result: text("result").notNull(),
    requestId: text("request_id").notNull(),
    at: ts("at").notNull(),
  },
  (t) => [
    index("audit_log_tenant").on(t.tenantId, t.id.desc().nullsFirst()),
    // the audit page's filters by person and by action, each in the list's order
    index("audit_log_tenant_user").on(t.tenantId, t.userId, t.id.desc().nullsFirst()),
    index("audit_log_tenant_email").on(t.tenantId, t.userEmail, t.id.desc().nullsFirst()),
    index("audit_log_tenant_action").on(t.tenantId, t.action, t.id.desc().nullsFirst()),
    // the count of a range of days reads that range alone
    index("audit_log_tenant_at").on(t.tenantId, t.at),
    // failures are few: "failed only" (and its count) reads them alone
    index("audit_log_tenant_failed")
      .on(t.tenantId, t.id.desc().nullsFirst())
      .where(sql`${t.result} <> 'ok'`),
  ],
);

export const payoutLinks = pgTable(
  "payout_links",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    exchangeId: uuid("exchange_id").notNull(),
    tokenHash: text("token_hash").notNull().unique("payout_links_token_hash_key"),
    createdBy: uuid("created_by"),
    /** The creator's email as it was then: the list still names them once their account is gone. */
    createdByEmail: text("created_by_email"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    /** When an invoice or a Lightning Address was first submitted through the link's page and accepted. */
    usedAt: ts("used_at"),
    /** When the public page or its stream was last opened; written at most once a minute per link. */
    lastOpenedAt: ts("last_opened_at"),
  },
  // an exchange's links, newest first
  (t) => [ofTenant("payout_links", t.tenantId), index("payout_links_exchange").on(t.exchangeId, t.createdAt.desc())],
);
