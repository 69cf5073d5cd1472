// The sandbox: the simulated exchange service. Its tables are prefixed sandbox_ and only
// lib/sandbox reads them (docs/architecture.md#boundaries).
import { bigint, bigserial, boolean, foreignKey, index, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { ts } from "./columns";

export const sandboxState = pgTable("sandbox_state", {
  id: integer("id").primaryKey(),
  clockOffsetMs: bigint("clock_offset_ms", { mode: "number" }).notNull(),
  blockHeight: integer("block_height").notNull(),
});

export const sandboxClients = pgTable("sandbox_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  createdOn: ts("created_on").notNull(),
  /** The client's own clock, this far ahead of the shared one (lib/sandbox/clock.ts). */
  clockOffsetMs: bigint("clock_offset_ms", { mode: "number" }).notNull().default(0),
});

/**
 * Every move of a clock forward (client_id null: the shared clock), when it was made in real
 * time: a client's moves of the last 24 hours are held to a total (lib/sandbox/clock.ts).
 */
export const sandboxClockMoves = pgTable(
  "sandbox_clock_moves",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: text("client_id"),
    advanceMs: bigint("advance_ms", { mode: "number" }).notNull(),
    movedAt: ts("moved_at").notNull(),
  },
  (t) => [index("sandbox_clock_moves_client").on(t.clientId, t.movedAt)],
);

/** The client a row belongs to (constraint named as PostgreSQL names it, as the first migrations did). */
const ofClient = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_client_id_fkey`, columns: [column], foreignColumns: [sandboxClients.clientId] });

export const sandboxAffiliates = pgTable(
  "sandbox_affiliates",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id").notNull(),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull(),
  },
  (t) => [ofClient("sandbox_affiliates", t.clientId), index("sandbox_affiliates_client").on(t.clientId)],
);

export const sandboxWebhookEndpoints = pgTable(
  "sandbox_webhook_endpoints",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id").notNull(),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    createdOn: ts("created_on").notNull(),
  },
  (t) => [ofClient("sandbox_webhook_endpoints", t.clientId), index("sandbox_webhook_endpoints_client").on(t.clientId)],
);

export const sandboxChallenges = pgTable(
  "sandbox_challenges",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id").notNull(),
    token: text("token").notNull(),
    expiresOn: ts("expires_on").notNull(),
    completedOn: ts("completed_on"),
  },
  (t) => [ofClient("sandbox_challenges", t.clientId), index("sandbox_challenges_client_token").on(t.clientId, t.token)],
);

export const sandboxOrders = pgTable(
  "sandbox_orders",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id").notNull(),
    active: boolean("active").notNull(),
    createdOn: ts("created_on").notNull(),
    affiliateId: uuid("affiliate_id").notNull(),
    feeRate: text("fee_rate").notNull(),
    currency: text("currency").notNull(),
    debitorIban: text("debitor_iban").notNull(),
    creditorReference: text("creditor_reference").notNull().unique("sandbox_orders_creditor_reference_key"),
    paymentMethod: jsonb("payment_method").notNull(),
    payoutMethod: jsonb("payout_method").notNull(),
    payoutKind: text("payout_kind").notNull(), // coin | lightning
    nodePubkey: text("node_pubkey"),
    addressType: text("address_type"),
    /** Last derivation index paid (or proven) under extended_public_key. */
    lastDerivationIndex: integer("last_derivation_index"),
  },
  (t) => [ofClient("sandbox_orders", t.clientId)],
);

export const sandboxExchanges = pgTable(
  "sandbox_exchanges",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id").notNull(),
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
  },
  (t) => [
    foreignKey({ name: "sandbox_exchanges_order_id_fkey", columns: [t.orderId], foreignColumns: [sandboxOrders.id] }),
    index("sandbox_exchanges_order").on(t.orderId),
  ],
);

export const sandboxNodes = pgTable("sandbox_nodes", {
  pubkey: text("pubkey").primaryKey(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  hasChannel: boolean("has_channel").notNull(),
});

/** Test Lightning Addresses (LUD-16) the operator registered, each minting invoices with a node's key. */
export const sandboxLightningAddresses = pgTable("sandbox_lightning_addresses", {
  name: text("name").primaryKey(),
  nodePrivateKey: text("node_private_key").notNull(),
  nodePubkey: text("node_pubkey").notNull(),
  createdOn: ts("created_on").notNull(),
});

/** Invoices minted for those addresses, with the preimage that pays them. */
export const sandboxAddressInvoices = pgTable(
  "sandbox_address_invoices",
  {
    paymentHash: text("payment_hash").primaryKey(),
    name: text("name").notNull(),
    preimage: text("preimage").notNull(),
    amountMsat: bigint("amount_msat", { mode: "bigint" }).notNull(),
    createdOn: ts("created_on").notNull(),
  },
  (t) => [
    foreignKey({
      name: "sandbox_address_invoices_name_fkey",
      columns: [t.name],
      foreignColumns: [sandboxLightningAddresses.name],
    }).onDelete("cascade"),
    index("sandbox_address_invoices_name").on(t.name),
  ],
);

export const sandboxEvents = pgTable(
  "sandbox_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: uuid("id").notNull().unique("sandbox_events_id_key"),
    clientId: text("client_id").notNull(),
    exchangeId: uuid("exchange_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    correlationId: uuid("correlation_id").notNull(),
    createdOn: ts("created_on").notNull(),
  },
  (t) => [index("sandbox_events_exchange").on(t.exchangeId, t.seq)],
);

export const sandboxDeliveries = pgTable(
  "sandbox_deliveries",
  {
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
  },
  (t) => [
    foreignKey({ name: "sandbox_deliveries_event_seq_fkey", columns: [t.eventSeq], foreignColumns: [sandboxEvents.seq] }),
    index("sandbox_deliveries_due").on(t.status, t.nextAttemptAt),
    index("sandbox_deliveries_event").on(t.eventSeq),
  ],
);

export const sandboxDeliveryAttempts = pgTable(
  "sandbox_delivery_attempts",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id").notNull(),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
  },
  (t) => [
    foreignKey({ name: "sandbox_delivery_attempts_delivery_id_fkey", columns: [t.deliveryId], foreignColumns: [sandboxDeliveries.id] }),
    index("sandbox_delivery_attempts_delivery").on(t.deliveryId, t.attempt),
  ],
);
