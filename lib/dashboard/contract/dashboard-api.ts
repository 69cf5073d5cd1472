import * as z from "zod/mini";
import { currencies, exchangeSchema, exchangeStates, exchangeTypes, orderSchema, pairs } from "@/lib/service-api/schemas";
import { daySchema, reconciliationIssueSchema } from "./report-values";
import { rangeAndSortQuery, sortColumns, totalFields } from "./lists-api";

// The contract of the dashboard's own API (/api): every body it answers, every query it takes,
// and every server-sent frame, as zod schemas. The server builds each body with `satisfies` the
// type inferred here, and the browser parses it with the same schema; /api/openapi.json is
// generated from this module. The v1 objects the proxy passes through come from lib/service-api.

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
    service_at: isoTimestamp.check(
      z.meta({
        description:
          "The exchange's time on the service: its executed_on, or, never executed, when the service announced it (on the " +
          "service's clock). The list's range and sort=created are by this time; reports count the exchange on its day",
      }),
    ),
    /** When this dashboard first heard of it, on its own clock. */
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

export { busSignalSchema, type BusSignal, type BusNotice, type WebhookNotice, type SnapshotNotice } from "./live-notice-kinds";

// ---- the webhook receiver (POST /webhook, /webhook/{endpointId}) ----

export const webhookReceiptSchema = z
  .object({ received: z.literal(true), seq: z.optional(z.int()), duplicate: z.optional(z.literal(true)) })
  .check(z.meta({ description: "Stored under the tenant's event cursor `seq`, or a duplicate of a stored body" }));
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

// ---- payout links and the public payout page: payout-links-api.ts, re-exported for the modules
// that take the whole contract from here ----

export {
  payoutLinkSchema,
  payoutLinkRevocationSchema,
  payoutLinkCreateBodySchema,
  payoutLinkStates,
  payoutLinkItemSchema,
  payoutLinkListSchema,
  payoutLinkOpenErrorSchema,
  publicPayoutStatuses,
  publicViewSchema,
  publicInvoiceBodySchema,
  publicLightningAddressBodySchema,
  type PayoutLink,
  type PayoutLinkRevocation,
  type PayoutLinkCreateBody,
  type PayoutLinkState,
  type PayoutLinkItem,
  type PayoutLinkList,
  type PublicView,
} from "./payout-links-api";

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
  /** The last 24 hours of the request log (GET /api/request-logs): calls, and how many failed (status ≥ 400). */
  requests_24h: z.object({ total: z.int(), failed: z.int() }),
});
export type Overview = z.infer<typeof overviewSchema>;

export const auditRanges = ["today", "7d", "30d", "month", "custom"] as const;
export type AuditRange = (typeof auditRanges)[number];

/** A day of the audit log's range: from 1970 on (PostgreSQL has no year 0). */
const auditDay = daySchema.check(z.refine((day: string) => day >= "1970-01-01", "A day from 1970-01-01 on"));

/** The audit log's filters, shared by the list and its CSV download. */
export const auditFilterShape = {
  action: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(100)))
    .check(z.meta({ description: "An action code, e.g. `payout_links.create`; or an area, ending in a dot, e.g. `orders.`" })),
  result: z.nullish(z.enum(["ok", "failed"])).check(z.meta({ description: "`ok`, or every other result" })),
  actor: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(254)))
    .check(z.meta({ description: "The person who acted: their user id, or their email (exactly)" })),
  user: z
    .nullish(z.string().check(z.minLength(1)).check(z.maxLength(254)))
    .check(z.meta({ description: "Users whose email contains this" })),
  range: z.nullish(z.enum(auditRanges)).check(
    z.meta({
      description:
        "Days in the tenant's time zone: `today`, the last `7d` or `30d` (today included), this `month`, or `custom` (`from`, `to`)",
    }),
  ),
  from: z.nullish(auditDay).check(z.meta({ description: "First day (YYYY-MM-DD, included), with `range=custom` or alone" })),
  to: z.nullish(auditDay).check(z.meta({ description: "Last day (YYYY-MM-DD, included), with `range=custom` or alone" })),
};

export const auditQuerySchema = z.object({ ...newestFirstPage, ...auditFilterShape });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = z.object({
  ...auditFilterShape,
  locale: z._default(z.enum(["en", "de", "fr", "it"]), "en").check(z.meta({ description: "The language of the `sentence` column" })),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  at: isoTimestamp,
  /** The tenant the action concerned; null for the operator console's own actions. */
  tenant_id: z.nullable(uuid),
  /** The person who acted (null: the command line, or a payout link's recipient). */
  user_id: z.nullable(uuid),
  user: z.nullable(z.string()),
  /** The API key that acted for `user` (its creator), by its prefix; null for a signed-in person. */
  api_key: z.nullable(z.string()),
  action: z.string(),
  target: z.nullable(z.string()),
  result: z.string(),
  request_id: z.string(),
  /** What the target names (from the action), `none` for an action without one, `text` for a detail. */
  target_kind: z.string(),
  /** Whether the target still exists (an order, exchange, member, tenant or endpoint); null when not looked up. */
  target_exists: z.nullable(z.boolean()),
  /** A readable name of the target when it has one (a member's email, a tenant's name). */
  target_name: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  next_before: z.nullable(z.int()),
  /** Matching entries, counted up to 10 000 (`more`: there are more); null on pages after the first. */
  total: z.nullable(z.object({ count: z.int(), more: z.boolean() })),
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

/** The example activity of a fresh demo database, while it is made (the sandbox's clock runs from weeks back to now). */
export const exampleActivitySchema = z.object({
  /** How much of it is made, 0 to 99. */
  done_percent: z.int().check(z.minimum(0), z.maximum(99)),
  /** Where the sandbox's clock is: challenges expire 30 minutes after it passes them. */
  sandbox_clock: z.iso.datetime(),
  started_at: z.iso.datetime(),
});
export type ExampleActivity = z.infer<typeof exampleActivitySchema>;

export const healthSchema = z.object({ ok: z.literal(true), example_activity: z.optional(exampleActivitySchema) });
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
