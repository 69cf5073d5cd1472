import * as z from "zod/mini";
import { currencies, exchangeSchema, exchangeStates, exchangeTypes, orderSchema, pairs } from "@/lib/service-api/schemas";
import type { NetworkName } from "@/lib/bitcoin/networks";
import { daySchema, reconciliationIssueSchema } from "./report-values";
import { snapshotFrameSchema, webhookFrameSchema } from "./shell-api";
import { rangeAndSortQuery, sortColumns, totalFields } from "./lists-api";

// The contract of the dashboard's own API (/api): every body it answers, every query it takes,
// and every server-sent frame, as zod schemas. The server builds each body with `satisfies` the
// type inferred here, and the browser parses it with the same schema; /api/openapi.json is
// generated from this module. The v1 objects the proxy passes through come from lib/service-api.

// spelled out, not imported: lib/bitcoin/networks loads the curve library, which the payout page need not
const networks = ["mainnet", "testnet", "signet", "regtest"] as const satisfies readonly NetworkName[];
const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));
const limit = z
  ._default(z.coerce.number().check(z.int()).check(z.minimum(1)).check(z.maximum(100)), 25)
  .check(z.meta({ description: "Page size, 1 to 100" }));
/** The query of a newest-first list paged by `next_before`: the audit log, received webhooks, sign-ins. */
export const newestFirstPage = {
  before: z
    .nullish(z.coerce.number().check(z.int()).check(z.positive()))
    .check(z.meta({ description: "`next_before` of the previous page" })),
  limit,
};
const cursor = z.nullish(z.string().check(z.maxLength(200))).check(z.meta({ description: "`next_cursor` of the previous page" }));

// ---- lists ----

export const orderListQuerySchema = z.object({
  cursor,
  limit,
  active: z.nullish(z.enum(["true", "false"])),
  currency: z.nullish(z.enum(currencies)),
  payout_kind: z.nullish(z.enum(["coin", "lightning"])),
  ...rangeAndSortQuery(sortColumns.orders),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = z
  .object({ data: z.array(orderSchema), next_cursor: z.nullable(z.string()), ...totalFields })
  .check(z.meta({ description: "The tenant's indexed orders in the sort asked for (newest first by default)" }));
export type OrderPage = z.infer<typeof orderPageSchema>;

/** Why an exchange is in the "needs attention" queue. */
export const attentionReasons = ["identification_overdue", "payout_unclaimed", "unconfirmed", "webhook_missing"] as const;
export type AttentionReason = (typeof attentionReasons)[number];

export const exchangeListQuerySchema = z.object({
  cursor,
  limit,
  attention: z.nullish(z.enum(["1"])).check(
    z.meta({
      description:
        "Only exchanges stuck too long: identification pending over 48 h, a Lightning payout unclaimed over 1 h, a payout " +
        "unconfirmed 24 h after its broadcast, or a state the webhooks never announced",
    }),
  ),
  state: z.nullish(z.enum(exchangeStates)),
  order_id: z.nullish(z.guid()),
  pair: z.nullish(z.enum(pairs)),
  type: z.nullish(z.enum(exchangeTypes)),
  ...rangeAndSortQuery(sortColumns.exchanges),
});
export type ExchangeListQuery = z.infer<typeof exchangeListQuerySchema>;

/**
 * GET /api/exchanges/export.csv|jsonl: the exchange list's filters, range preset and sort; its `from` and `to` are days
 * counted (executed, or first seen if never).
 */
export const exchangeExportQuerySchema = z
  .extend(z.omit(exchangeListQuerySchema, { cursor: true, limit: true }), {
    from: z.nullish(daySchema),
    to: z.nullish(daySchema),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from is after to", path: ["to"] }));
export type ExchangeExportQuery = z.infer<typeof exchangeExportQuerySchema>;

/** GET /api/orders/export.csv|jsonl: the order list's filters, range and sort. */
export const orderExportQuerySchema = z.omit(orderListQuerySchema, { cursor: true, limit: true });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const exchangeListItemSchema = z
  .object({
    id: uuid,
    order_id: uuid,
    state: z.enum(exchangeStates),
    first_seen_at: isoTimestamp,
    /** When the snapshot was fetched; null until the first GET succeeded. */
    refreshed_at: z.nullable(isoTimestamp),
    /** The latest GET /v1/exchanges/{id}; null until one succeeded. */
    exchange: z.nullable(exchangeSchema),
    /** Why it needs attention, in lists asked with ?attention=1 and in the overview's queue. */
    attention: z.optional(z.enum(attentionReasons)),
  })
  .check(z.meta({ description: "An indexed exchange: the latest snapshot when there is one, else what its webhook said" }));
export type ExchangeListItem = z.infer<typeof exchangeListItemSchema>;

export const exchangePageSchema = z
  .object({ data: z.array(exchangeListItemSchema), next_cursor: z.nullable(z.string()), ...totalFields })
  .check(z.meta({ description: "The tenant's indexed exchanges in the sort asked for (newest first by default)" }));
export type ExchangePage = z.infer<typeof exchangePageSchema>;

// ---- stored webhook events ----

export const storedEventSchema = z.object({
  /** The tenant's event cursor. */
  seq: z.int(),
  event: z.nullable(z.string()),
  received_at: isoTimestamp,
  correlation_id: z.nullable(z.string()),
  retry_count: z.nullable(z.int()),
  user_agent: z.nullable(z.string()),
  /** The body as received (parsed JSON; the raw text if it was not JSON). */
  body: z.unknown(),
});
export type StoredEvent = z.infer<typeof storedEventSchema>;
export const storedEventsSchema = z.object({ data: z.array(storedEventSchema) });
export type StoredEvents = z.infer<typeof storedEventsSchema>;

// ---- live notices (LISTEN/NOTIFY) and the SSE frames made of them ----

export { webhookFrameSchema, snapshotFrameSchema, type WebhookFrame, type SnapshotFrame } from "./shell-api";

/** `event: update` of GET /api/pay/{token}/events: something changed, ask again. */
export const updateFrameSchema = z.strictObject({}).check(z.meta({ description: "data of `event: update`: empty" }));

/**
 * What crosses the bus between instances (LISTEN/NOTIFY): ids only, one signal per transaction.
 * A webhook signal names the range of cursors its transaction stored (lib/dashboard/webhooks/store-event.ts
 * builds it in SQL, and a test parses it with this schema); a snapshot signal names the exchange
 * whose snapshot was stored. Each instance reads what it needs from the store (lib/dashboard/events/bus.ts).
 */
export const busSignalSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("webhook"), tenant_id: uuid, first_seq: z.int(), last_seq: z.int() }),
  z.strictObject({ kind: z.literal("snapshot"), tenant_id: uuid, exchange_id: uuid }),
  z.strictObject({ kind: z.literal("notification"), tenant_id: uuid, user_ids: z.array(uuid) }),
]);
export type BusSignal = z.infer<typeof busSignalSchema>;

/** A notice as an instance hands it to its streams: a frame plus its tenant, read from the store after a signal. */
export const busNoticeSchema = z.discriminatedUnion("kind", [
  z.extend(webhookFrameSchema, { kind: z.literal("webhook"), tenant_id: uuid }),
  z.extend(snapshotFrameSchema, { kind: z.literal("snapshot"), tenant_id: uuid }),
  z.object({ kind: z.literal("notification"), tenant_id: uuid, user_ids: z.array(uuid) }),
]);
export type BusNotice = z.infer<typeof busNoticeSchema>;
export type WebhookNotice = Extract<BusNotice, { kind: "webhook" }>;
export type SnapshotNotice = Extract<BusNotice, { kind: "snapshot" }>;

// ---- the webhook receiver (POST /webhook, /webhook/{endpointId}) ----

export const webhookReceiptSchema = z
  .object({ received: z.literal(true), seq: z.optional(z.int()), duplicate: z.optional(z.literal(true)) })
  .check(z.meta({ description: "Stored under the tenant's event cursor `seq`, or a duplicate of a stored body" }));
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

// ---- payout links and the public payout page ----

export const payoutLinkSchema = z
  .object({ id: uuid, url: z.string().check(z.meta({ format: "uri" })), expires_on: isoTimestamp })
  .check(z.meta({ description: "A public /pay/{token} page for the end user, valid 24 h" }));
export type PayoutLink = z.infer<typeof payoutLinkSchema>;

export const payoutLinkRevocationSchema = z.object({ revoked: z.int() });
export type PayoutLinkRevocation = z.infer<typeof payoutLinkRevocationSchema>;

const publicOfferSchema = z.nullable(z.object({ lnurl: z.string(), fee_sats: z.int(), expires_on: isoTimestamp }));

export const publicPayoutStatuses = ["awaiting_payout", "paying", "paid", "failed", "refunded", "unavailable"] as const;

/** GET /api/pay/{token}: what the end user's page may know; nothing of the order. */
export const publicViewSchema = z.object({
  status: z.enum(publicPayoutStatuses),
  amount_sats: z.nullable(z.int()),
  fiat: z.object({ amount: z.number(), currency: z.string() }),
  offers: z.nullable(z.object({ invoice: publicOfferSchema, channel: publicOfferSchema })),
  payout: z.nullable(
    z.object({
      type: z.string(),
      status: z.string(),
      failure_code: z.nullable(z.string()),
      preimage: z.nullable(z.string()),
      amount_sats: z.nullable(z.int()),
    }),
  ),
  link_expires_on: isoTimestamp,
  network: z.enum(networks),
});
export type PublicView = z.infer<typeof publicViewSchema>;

export const publicInvoiceBodySchema = z.strictObject({
  invoice: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(8192)),
});

export const publicLightningAddressBodySchema = z.strictObject({
  address: z
    .string()
    .check(z.trim())
    .check(z.minLength(1))
    .check(z.maxLength(400))
    .check(z.meta({ description: "A Lightning Address (LUD-16), name@domain", example: "alice@wallet.example" })),
});

// ---- overview, audit, rejected webhooks, health ----

export const overviewSchema = z.object({
  today: z.string().check(z.meta({ description: "YYYY-MM-DD in the tenant's time zone, on the service's clock" })),
  counts: z.object({ executed: z.int(), interrupted: z.int(), refunded: z.int(), settled: z.int() }),
  daily: z.array(z.object({ day: z.string(), pair: z.string(), volume: z.number(), fees: z.number(), count: z.int() })),
  latest: z.array(exchangeListItemSchema),
  /** The oldest exchanges that need attention (at most 5), and how many there are. */
  attention: z.object({ count: z.int(), items: z.array(exchangeListItemSchema) }),
  /** Statements whose payouts received differ from what was earned. */
  reconciliation: z.array(reconciliationIssueSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const auditQuerySchema = z.object({
  ...newestFirstPage,
  action: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(100)))
    .check(z.meta({ description: "Actions that begin with this, e.g. `orders.`" })),
  result: z.nullish(z.enum(["ok", "failed"])).check(z.meta({ description: "`ok`, or every other result" })),
  user: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(254)))
    .check(z.meta({ description: "Users whose email contains this" })),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.int(),
      at: isoTimestamp,
      /** The tenant the action concerned; null for the operator console's own actions. */
      tenant_id: z.nullable(uuid),
      user: z.nullable(z.string()),
      /** The API key that acted for `user` (its creator), by its prefix; null for a signed-in person. */
      api_key: z.nullable(z.string()),
      action: z.string(),
      target: z.nullable(z.string()),
      result: z.string(),
      request_id: z.string(),
    }),
  ),
  next_before: z.nullable(z.int()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const rejectionsSchema = z.object({
  data: z.array(
    z.object({
      endpoint: z.string(),
      reason: z.string(),
      hour: isoTimestamp,
      count: z.int(),
      first_at: isoTimestamp,
      last_at: isoTimestamp,
      last_correlation_id: z.nullable(z.string()),
      sample: z.string(),
    }),
  ),
});
export type Rejections = z.infer<typeof rejectionsSchema>;

export const healthSchema = z.object({ ok: z.literal(true) });
export type Health = z.infer<typeof healthSchema>;

/** What GET /api/health/ready checks; `shutdown` fails from the first shutdown signal on. */
export const readinessCheckSchema = z.enum(["shutdown", "database", "migrations", "bus"]);
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.record(readinessCheckSchema, z.enum(["ok", "failing", "not_checked"])),
  /** The checks that failed, in the order above: empty when ok. */
  failing: z.array(readinessCheckSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;
