// The dashboard: tenants, users, sessions, its index of orders and exchanges, stored webhooks,
// the audit log and payout links (docs/architecture.md#data).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
});

/** The tenant a row belongs to (constraint named as PostgreSQL names it, as the first migrations did). */
const ofTenant = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_tenant_id_fkey`, columns: [column], foreignColumns: [tenants.id] });

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
    index("exchanges_tenant_order_seen").on(t.tenantId, t.orderId, t.firstSeenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the list filtered by state: a rare one (refunded, interrupted) is read by its own index at any depth
    index("exchanges_tenant_state_seen").on(t.tenantId, t.state, t.firstSeenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("exchanges_tenant_seen").on(t.tenantId, t.firstSeenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // an agreement's statement lines in execution order, and the rebuild of its daily figures
    index("exchanges_tenant_affiliate_executed").on(t.tenantId, t.affiliateId, t.executedAt, t.id),
    // the exchanges the attention queue's rules can flag, however old (lib/dashboard/exchanges/attention.ts)
    index("exchanges_attention")
      .on(t.tenantId, t.firstSeenAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.attentionCandidate}`),
    index("exchanges_tenant_counted").on(t.tenantId, sql`COALESCE(${t.executedAt}, ${t.firstSeenServiceAt}, ${t.firstSeenAt})`),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    /** Internal row id; clients see seq. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    /** The tenant's event cursor: its order is commit order (see store-event.ts). */
    seq: bigint("seq", { mode: "number" }).notNull(),
    bodySha256: text("body_sha256").notNull(),
    rawBody: text("raw_body").notNull(),
    eventType: text("event_type"),
    exchangeId: uuid("exchange_id"),
    orderId: uuid("order_id"),
    correlationId: text("correlation_id"),
    retryCount: integer("retry_count"),
    userAgent: text("user_agent"),
    /** The request's headers as received, credentials left out (see receive-webhook.ts); null on rows older than it. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    ofTenant("webhook_events", t.tenantId),
    // the deduplication of store-event.ts (ON CONFLICT) rests on this constraint
    unique("webhook_events_tenant_id_body_sha256_key").on(t.tenantId, t.bodySha256),
    uniqueIndex("webhook_events_tenant_seq").on(t.tenantId, t.seq),
    index("webhook_events_tenant_exchange").on(t.tenantId, t.exchangeId, t.seq),
  ],
);

/** Per-tenant counter behind webhook_events.seq. */
export const eventCursors = pgTable(
  "event_cursors",
  {
    tenantId: uuid("tenant_id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull(),
  },
  (t) => [ofTenant("event_cursors", t.tenantId)],
);

/** Rejected webhooks, counted per endpoint, reason and hour, with the latest truncated sample. */
export const webhookRejections = pgTable(
  "webhook_rejections",
  {
    endpoint: text("endpoint").notNull(),
    reason: text("reason").notNull(),
    hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
    tenantId: uuid("tenant_id"),
    count: integer("count").notNull(),
    firstAt: ts("first_at").notNull(),
    lastAt: ts("last_at").notNull(),
    lastCorrelationId: text("last_correlation_id"),
    sample: text("sample").notNull(),
  },
  (t) => [primaryKey({ name: "webhook_rejections_pkey", columns: [t.endpoint, t.reason, t.hour] })],
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
  (t) => [index("audit_log_tenant").on(t.tenantId, t.id.desc().nullsFirst())],
);

export const payoutLinks = pgTable(
  "payout_links",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    exchangeId: uuid("exchange_id").notNull(),
    tokenHash: text("token_hash").notNull().unique("payout_links_token_hash_key"),
    createdBy: uuid("created_by"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [ofTenant("payout_links", t.tenantId), index("payout_links_exchange").on(t.exchangeId)],
);

/**
 * Token buckets of the generous per-client and per-address limits (the sandbox's API clients, the
 * public payout page), shared by every instance. A missing row is a full bucket.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tokens: doublePrecision("tokens").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Whether the last take found a token: set in the same statement that takes it. */
    allowed: boolean("allowed").notNull(),
  },
  (t) => [index("rate_limits_updated_at").on(t.updatedAt)],
);

/**
 * The open event streams of each holder (a user, a payout link), shared by every instance so that
 * a holder's limit is one limit behind a balancer. The instance holding a stream renews its lease
 * at each heartbeat and deletes the row when the stream closes; the row of an instance that died
 * expires with its lease.
 */
export const streamSlots = pgTable(
  "stream_slots",
  {
    id: uuid("id").primaryKey(),
    holder: text("holder").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("stream_slots_holder").on(t.holder), index("stream_slots_expires_at").on(t.expiresAt)],
);

/** Sign-in attempts per account or address in a fixed window, counted before the password is checked. */
export const authLimits = pgTable("auth_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** A signed-in session (the JWT carries its id): revocable, with an absolute end. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    /** How the session was signed in: password | password_code | recovery_code | passkey. */
    method: text("method").notNull().default("password"),
    /** The last time its user proved a factor again (step-up); sign-in counts. */
    reauthenticatedAt: ts("reauthenticated_at"),
  },
  (t) => [
    foreignKey({ name: "sessions_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }),
    index("sessions_user")
      .on(t.userId)
      .where(sql`revoked_at IS NULL`),
  ],
);

/** Sign-in attempts on existing accounts: the team's sign-in history (unknown emails are not kept). */
export const signIns = pgTable(
  "sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id"),
    tenantId: uuid("tenant_id"),
    email: text("email").notNull(),
    address: text("address").notNull(),
    /** ok | wrong_password | disabled | rate_limited (the first refusal of a window only) */
    result: text("result").notNull(),
    /** How a successful sign-in was made (see sessions.method); null for refusals. */
    method: text("method"),
    at: ts("at").notNull(),
  },
  (t) => [index("sign_ins_tenant").on(t.tenantId, t.id.desc().nullsFirst()), index("sign_ins_user").on(t.userId, t.id.desc().nullsFirst())],
);

/** A tenant's names for its affiliate agreements (affiliate_id of the service). */
export const affiliateLabels = pgTable(
  "affiliate_labels",
  {
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    label: text("label").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ name: "affiliate_labels_pkey", columns: [t.tenantId, t.affiliateId] }), ofTenant("affiliate_labels", t.tenantId)],
);

/** An agreement's share of the fee from a day on (in the tenant's time zone) until the next period. */
export const affiliateSharePeriods = pgTable(
  "affiliate_share_periods",
  {
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    sharePercent: numeric("share_percent", { precision: 7, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ name: "affiliate_share_periods_pkey", columns: [t.tenantId, t.affiliateId, t.startsOn] }),
    ofTenant("affiliate_share_periods", t.tenantId),
    check("affiliate_share_periods_share_check", sql`share_percent >= 0 AND share_percent <= 100`),
  ],
);

/** A payout of earnings the affiliate received from the service, against an agreement and a month. */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    /** The statement month it settles, YYYY-MM. */
    period: text("period").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 20, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    bankReference: text("bank_reference").notNull(),
    createdBy: uuid("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [ofTenant("affiliate_payouts", t.tenantId), index("affiliate_payouts_agreement").on(t.tenantId, t.affiliateId, t.period)],
);
