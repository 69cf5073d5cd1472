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

/** GET /api/search: what the header's search box found. */
export const searchResultSchema = z.object({
  /** What the text was taken for. */
  matched_as: z.enum(["id", "creditor_reference", "txid_or_payment_hash", "bitcoin_address", "invoice", "node_pubkey", "nothing"]),
  data: z.array(
    z.object({
      kind: z.enum(["order", "exchange"]),
      id: uuid,
      /** A short line saying what matched, e.g. "payout to tb1q…". */
      detail: z.string(),
      href: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
