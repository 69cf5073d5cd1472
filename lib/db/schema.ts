import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { Exchange, Order } from "@/lib/exchange/schemas";
import type { ExchangeState } from "@/lib/exchange/exchange-state";

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

// ---- sandbox: the simulated exchange service (prefixed sandbox_, docs/architecture.md#boundaries) ----

export const sandboxState = pgTable("sandbox_state", {
  id: integer("id").primaryKey(),
  clockOffsetMs: bigint("clock_offset_ms", { mode: "number" }).notNull(),
  blockHeight: integer("block_height").notNull(),
});

export const sandboxClients = pgTable("sandbox_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  createdOn: ts("created_on").notNull(),
});

export const sandboxAffiliates = pgTable("sandbox_affiliates", {
  id: uuid("id").primaryKey(),
  clientId: text("client_id").notNull().references(() => sandboxClients.clientId),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull(),
});

export const sandboxWebhookEndpoints = pgTable("sandbox_webhook_endpoints", {
  id: uuid("id").primaryKey(),
  clientId: text("client_id").notNull().references(() => sandboxClients.clientId),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  createdOn: ts("created_on").notNull(),
});

export const sandboxChallenges = pgTable("sandbox_challenges", {
  id: uuid("id").primaryKey(),
  clientId: text("client_id").notNull().references(() => sandboxClients.clientId),
  token: text("token").notNull(),
  expiresOn: ts("expires_on").notNull(),
  completedOn: ts("completed_on"),
});

export const sandboxOrders = pgTable("sandbox_orders", {
  id: uuid("id").primaryKey(),
  clientId: text("client_id").notNull().references(() => sandboxClients.clientId),
  active: boolean("active").notNull(),
  createdOn: ts("created_on").notNull(),
  affiliateId: uuid("affiliate_id").notNull(),
  feeRate: text("fee_rate").notNull(),
  currency: text("currency").notNull(),
  debitorIban: text("debitor_iban").notNull(),
  creditorReference: text("creditor_reference").notNull().unique(),
  paymentMethod: jsonb("payment_method").notNull(),
  payoutMethod: jsonb("payout_method").notNull(),
  payoutKind: text("payout_kind").notNull(), // coin | lightning
  nodePubkey: text("node_pubkey"),
  addressType: text("address_type"),
  /** Last derivation index paid (or proven) under extended_public_key. */
  lastDerivationIndex: integer("last_derivation_index"),
});

export const sandboxExchanges = pgTable("sandbox_exchanges", {
  id: uuid("id").primaryKey(),
  orderId: uuid("order_id").notNull().references(() => sandboxOrders.id),
  clientId: text("client_id").notNull(),
  state: text("state").notNull(), // executed | interrupted | refunded | settled
  type: text("type").notNull(),
  pair: text("pair").notNull(),
  feeRate: text("fee_rate").notNull(),
  costMinor: bigint("cost_minor", { mode: "number" }).notNull(),
  executedOn: ts("executed_on"),
  amountSats: bigint("amount_sats", { mode: "number" }),
  rateMinor: bigint("rate_minor", { mode: "number" }),
  feeMinor: bigint("fee_minor", { mode: "number" }),
  action: jsonb("action"),
  reason: jsonb("reason"),
  /** Internal payout record; rendered per representation (REST or webhook). */
  payout: jsonb("payout"),
  /** Lightning payout offers: { invoice: {fee, expires_on, k1}, channel: {...} }. */
  offers: jsonb("offers"),
  payer: jsonb("payer"),
  createdOn: ts("created_on").notNull(),
  updatedOn: ts("updated_on").notNull(),
});

export const sandboxNodes = pgTable("sandbox_nodes", {
  pubkey: text("pubkey").primaryKey(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  hasChannel: boolean("has_channel").notNull(),
});

export const sandboxEvents = pgTable("sandbox_events", {
  seq: bigserial("seq", { mode: "number" }).primaryKey(),
  id: uuid("id").notNull().unique(),
  clientId: text("client_id").notNull(),
  exchangeId: uuid("exchange_id").notNull(),
  eventType: text("event_type").notNull(),
  body: text("body").notNull(),
  correlationId: uuid("correlation_id").notNull(),
  createdOn: ts("created_on").notNull(),
});

export const sandboxDeliveries = pgTable("sandbox_deliveries", {
  id: uuid("id").primaryKey(),
  eventSeq: bigint("event_seq", { mode: "number" }).notNull(),
  endpointId: uuid("endpoint_id").notNull(),
  url: text("url").notNull(),
  status: text("status").$type<"pending" | "delivered" | "failed">().notNull(),
  attempts: integer("attempts").notNull(),
  nextAttemptAt: ts("next_attempt_at"),
  lockedUntil: ts("locked_until"),
  lastStatusCode: integer("last_status_code"),
  lastError: text("last_error"),
  deliveredAt: ts("delivered_at"),
  createdOn: ts("created_on").notNull(),
});

export const sandboxDeliveryAttempts = pgTable("sandbox_delivery_attempts", {
  id: uuid("id").primaryKey(),
  deliveryId: uuid("delivery_id").notNull(),
  attempt: integer("attempt").notNull(),
  startedAt: ts("started_at").notNull(),
  durationMs: integer("duration_ms").notNull(),
  statusCode: integer("status_code"),
  error: text("error"),
});

// ---- dashboard ----

export const tenants = pgTable("tenants", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  baseUrl: text("base_url").notNull(),
  clientIdEnc: text("client_id_enc").notNull(),
  webhookSecretEnc: text("webhook_secret_enc").notNull(),
  webhookEndpointId: text("webhook_endpoint_id").notNull().unique(),
  isDefault: boolean("is_default").notNull(),
  createdAt: ts("created_at").notNull(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  role: text("role").notNull(), // operator | admin | viewer
  tenantId: uuid("tenant_id").references(() => tenants.id),
  disabled: boolean("disabled").notNull(),
  createdAt: ts("created_at").notNull(),
});

export const orders = pgTable("orders", {
  id: uuid("id").primaryKey(),
  tenantId: uuid("tenant_id").notNull(),
  snapshot: jsonb("snapshot").$type<Order>().notNull(),
  active: boolean("active").notNull(),
  currency: text("currency").notNull(),
  payoutKind: text("payout_kind").notNull(), // coin | lightning
  createdOn: ts("created_on").notNull(),
  createdBy: uuid("created_by"),
  fetchedAt: ts("fetched_at").notNull(),
});

// Keyed by (tenant, id): a webhook of one tenant can never take over another tenant's row.
export const exchanges = pgTable("exchanges", {
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
}, (t) => [primaryKey({ columns: [t.tenantId, t.id] })]);

export const webhookEvents = pgTable("webhook_events", {
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
  receivedAt: ts("received_at").notNull(),
});

/** Per-tenant counter behind webhook_events.seq. */
export const eventCursors = pgTable("event_cursors", {
  tenantId: uuid("tenant_id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
});

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
  (t) => [primaryKey({ columns: [t.endpoint, t.reason, t.hour] })],
);

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  tenantId: uuid("tenant_id"),
  userId: uuid("user_id"),
  userEmail: text("user_email"),
  action: text("action").notNull(),
  target: text("target"),
  result: text("result").notNull(),
  requestId: text("request_id").notNull(),
  at: ts("at").notNull(),
});

export const payoutLinks = pgTable("payout_links", {
  id: uuid("id").primaryKey(),
  tenantId: uuid("tenant_id").notNull(),
  exchangeId: uuid("exchange_id").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  createdBy: uuid("created_by"),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
});

/** Sign-in attempts per account or address in a fixed window, counted before the password is checked. */
export const authLimits = pgTable("auth_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** A signed-in session (the JWT carries its id): revocable, with an absolute end. */
export const sessions = pgTable("sessions", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  revokedReason: text("revoked_reason"),
});
