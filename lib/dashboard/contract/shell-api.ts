import * as z from "zod/mini";

// What the dashboard's shell parses on every page (the live stream's frames, error bodies, the
// header's search), apart from the rest of the dashboard API's contract, which pages load as they need it.

const uuid = z.string().check(z.meta({ format: "uuid" }));

/** `event: webhook` of GET /api/events; its SSE `id:` is `seq`. */
export const webhookFrameSchema = z
  .object({
    seq: z.int(),
    event: z.nullable(z.string()),
    exchange_id: z.nullable(uuid),
    order_id: z.nullable(uuid),
    received_at: z.string().check(z.meta({ format: "date-time" })),
  })
  .check(z.meta({ description: "data of `event: webhook` (SSE id = seq)" }));
export type WebhookFrame = z.infer<typeof webhookFrameSchema>;

/** `event: snapshot` of GET /api/events: an exchange's snapshot was refreshed. No SSE id. */
export const snapshotFrameSchema = z
  .object({ exchange_id: uuid, state: z.enum(["executed", "interrupted", "refunded", "settled"]) })
  .check(z.meta({ description: "data of `event: snapshot` (no SSE id)" }));
export type SnapshotFrame = z.infer<typeof snapshotFrameSchema>;

/** The body of every error answer of the dashboard API and of the service (the service's shape). */
export { errorBodySchema, type ErrorBody } from "@/lib/service-api/error-body";

/** What a search hit matched on: the browser says it in the page's language. */
export const searchMatches = [
  "order_id",
  "exchange_id",
  "id_prefix",
  "creditor_reference",
  "node_pubkey",
  "order_address",
  "payout_transaction",
  "payment_hash",
  "payout_invoice",
  "payout_address",
  "cost",
  "amount",
  "member_email",
] as const;

/** What tells a match of the search from another: an order's or exchange's state, date, pair or currency and amounts. */
export const searchSummarySchema = z.object({
  /** An exchange's state; an order's `active` or `inactive`. */
  state: z.enum(["executed", "interrupted", "refunded", "settled", "active", "inactive"]),
  at: z
    .string()
    .check(z.meta({ format: "date-time", description: "Its date on the service: an exchange's service_at, an order's created_on" })),
  /** An exchange's pair (btc/eur); null for an order, and for an exchange not fetched yet. */
  pair: z.nullable(z.string()),
  /** The quote currency, upper-case (EUR): the currency of `cost`. */
  currency: z.nullable(z.string()),
  type: z.nullable(z.string()),
  /** An exchange's cost in `currency`. */
  cost: z.nullable(z.number()),
  /** An exchange's bitcoin amount (BTC). */
  amount: z.nullable(z.number()),
});
export type SearchSummary = z.infer<typeof searchSummarySchema>;

/** GET /api/search: what the header's search box found, grouped by kind (orders, exchanges, team members). */
export const searchResultSchema = z.object({
  /** What the text was taken for. */
  matched_as: z.enum([
    "id",
    "id_prefix",
    "amount",
    "id_prefix_or_amount",
    "email",
    "creditor_reference",
    "txid_or_payment_hash",
    "bitcoin_address",
    "invoice",
    "node_pubkey",
    "nothing",
  ]),
  data: z.array(
    z.object({
      kind: z.enum(["order", "exchange", "member"]),
      /** The order's or exchange's id, or the team member's user id. */
      id: uuid,
      /** What matched, as a code (see `detail` for the same in English). */
      match: z.enum(searchMatches),
      /** A short line in English saying what matched, e.g. "payout address", "cost 60 EUR", "bob@example.com". */
      detail: z.string(),
      href: z.string(),
      /** An indexed order's or exchange's summary (none for a team member, or an id only the service knows yet). */
      summary: z.optional(searchSummarySchema),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
