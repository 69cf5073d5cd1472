import * as z from "zod/mini";
import { channelFailureCodes, exchangeSchema, exchangeStates, invoiceFailureCodes, refundCodes } from "@/lib/service-api/schemas";

// The sandbox's operator API and LNURL endpoints, which the v1 contract (schemas.ts) does not
// describe: requests and answers. The sandbox parses requests with them, the dashboard's console
// and the test suites build requests and parse answers with them, and the OpenAPI document is
// generated from them.

/** POST /operator/payments: a simulated bank payment into an order. */
/** What a payment is: everything but the order it goes into (the dashboard's test button names the order in its path). */
export const paymentFieldsSchema = z.strictObject({
  amount: z.number().check(z.positive()).check(z.maximum(10_000_000)),
  currency: z.string().check(z.minLength(1)).check(z.maxLength(8)),
  type: z.optional(z.enum(["buy", "sell"])),
  payer: z.optional(
    z.strictObject({
      iban: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(64))),
      name: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(140))),
      kind: z.optional(z.enum(["person", "company"])),
      country: z.optional(z.string().check(z.regex(/^[A-Za-z]{2}$/, "two-letter country code"))),
    }),
  ),
  outcome: z.optional(z.enum([...refundCodes, "identification_required"])),
});

export const paymentSchema = z
  .extend(paymentFieldsSchema, {
    order_id: z.optional(z.guid()),
    creditor_reference: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(40))),
  })
  .check(
    z.refine((p) => (p.order_id === undefined) !== (p.creditor_reference === undefined), {
      message: "Give exactly one of order_id and creditor_reference",
      path: ["order_id"],
    }),
  );

/** POST /operator/exchanges/{id}/events: drive the simulated bank, chain and Lightning network. */
export const driveEventSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("identification_approved") }),
  z.strictObject({ type: z.literal("identification_rejected") }),
  z.strictObject({ type: z.literal("refund"), code: z.enum(refundCodes) }),
  z.strictObject({ type: z.literal("broadcast") }),
  z.strictObject({ type: z.literal("replace") }),
  z.strictObject({ type: z.literal("confirm"), blocks: z.optional(z.int().check(z.minimum(1)).check(z.maximum(1000))) }),
  z.strictObject({
    type: z.literal("invoice_paid"),
    preimage: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, "32-byte hex"))).check(
      z.meta({
        description: "Omit it for an invoice that a test Lightning Address of the sandbox minted: the sandbox knows its preimage.",
      }),
    ),
  }),
  z.strictObject({ type: z.literal("invoice_failed"), failure_code: z.enum(invoiceFailureCodes) }),
  z.strictObject({ type: z.literal("channel_funded") }),
  z.strictObject({ type: z.literal("channel_opened") }),
  z.strictObject({ type: z.literal("channel_failed"), failure_code: z.enum(channelFailureCodes) }),
  z.strictObject({ type: z.literal("payout_expired") }),
]);

export const clockRequestSchema = z.strictObject({
  advance_seconds: z
    .number()
    .check(z.minimum(0))
    .check(z.maximum(10 * 365 * 24 * 3600)),
});
export const clockSchema = z.object({ now: z.string().check(z.meta({ format: "date-time" })) });
/** A clock put back: where it stands now, and how far it went back. */
export const clockResetSchema = z.object({
  now: z.string().check(z.meta({ format: "date-time" })),
  moved_back_seconds: z.number(),
});

export const clientCreatedSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  affiliate_ids: z.array(z.string().check(z.meta({ format: "uuid" }))),
});
export const webhookEndpointsResultSchema = z.object({
  client_id: z.string(),
  endpoints: z.array(z.object({ id: z.string().check(z.meta({ format: "uuid" })), url: z.string() })),
});
export const paymentResultSchema = z.object({ exchange_id: z.string().check(z.meta({ format: "uuid" })), state: z.enum(exchangeStates) });

export const deliverySchema = z.object({
  id: z.string().check(z.meta({ format: "uuid" })),
  event_id: z.string().check(z.meta({ format: "uuid" })),
  event: z.string(),
  exchange_id: z.string().check(z.meta({ format: "uuid" })),
  /** The API client whose order the event is about. */
  client_id: z.string(),
  correlation_id: z.string().check(z.meta({ format: "uuid" })),
  /** The webhook endpoint it goes to (PUT /operator/clients/{client_id}/webhook-endpoints). */
  endpoint_id: z.string().check(z.meta({ format: "uuid" })),
  url: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.int(),
  next_attempt_at: z.nullable(z.string()),
  last_status_code: z.nullable(z.int()),
  last_error: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  created_on: z.string(),
  /** The signed body, as sent. */
  body: z.string(),
  history: z.array(
    z.object({
      attempt: z.int(),
      started_at: z.string(),
      duration_ms: z.int(),
      status_code: z.nullable(z.int()),
      error: z.nullable(z.string()),
    }),
  ),
});
export const deliveriesSchema = z.object({ deliveries: z.array(deliverySchema) });

export const recoverRequestSchema = z.strictObject({
  endpoint_id: z.pipe(
    z.uuid(),
    z.transform((s) => s.toLowerCase()),
  ),
  since: z.iso
    .datetime({ offset: true })
    .check(z.meta({ description: "Failed deliveries created at or after this instant (sandbox time)" })),
});
export const recoverResultSchema = z.object({
  /** How many failed deliveries were queued again; the worker attempts them at once. */
  recovered: z.int(),
});

export const deliveryRunSchema = z.object({
  attempted: z.int(),
  delivered: z.int(),
  pending: z.int(),
  failed: z.int(),
});

export const runtimeSchema = z.object({
  collected: z.boolean(),
  rss: z.int(),
  heap_used: z.int(),
  heap_total: z.int(),
  external: z.int(),
  array_buffers: z.int(),
  uptime_s: z.int(),
});

export const lnurlWithdrawRequestSchema = z.object({
  tag: z.literal("withdrawRequest"),
  callback: z.string(),
  k1: z.string(),
  defaultDescription: z.string(),
  minWithdrawable: z.int(),
  maxWithdrawable: z.int(),
});
export const lnurlChannelRequestSchema = z.object({
  tag: z.literal("channelRequest"),
  uri: z.string(),
  callback: z.string(),
  k1: z.string(),
});
/** LNURL's own answers: errors are HTTP 200 with status ERROR, as wallets expect. */
export const lightningAddressSchema = z.object({
  name: z.string(),
  address: z.string().check(z.meta({ description: "name@<the sandbox's host>" })),
  node_pubkey: z.string().check(z.meta({ description: "The node whose key signs the address's invoices" })),
  lnurlp: z.string().check(z.meta({ description: "Its LUD-16 payRequest URL" })),
  created_on: z.string(),
});
export const lightningAddressListSchema = z.object({ items: z.array(lightningAddressSchema) });

export const lnurlStatusSchema = z.object({ status: z.enum(["OK", "ERROR"]), reason: z.optional(z.string()) });

/** Operator events (POST /operator/exchanges/{id}/events), by name. */
export const driveEventTypes = [
  "identification_approved",
  "identification_rejected",
  "refund",
  "broadcast",
  "replace",
  "confirm",
  "invoice_paid",
  "invoice_failed",
  "channel_funded",
  "channel_opened",
  "channel_failed",
  "payout_expired",
] as const;

export const operatorExchangeSchema = z.object({
  exchange: exchangeSchema,
  client_id: z.string(),
  payout_kind: z.enum(["coin", "lightning"]),
  /** Every operator event, whether the exchange's state allows it now, and why not. */
  events: z.array(z.object({ type: z.enum(driveEventTypes), allowed: z.boolean(), reason: z.nullable(z.string()) })),
});

/** PATCH /sandbox/operator/webhook-endpoints/{id}: a new secret for one endpoint (a client's rotation). */
export const endpointSecretSchema = z.strictObject({
  secret: z.string().check(z.minLength(16, "at least 16 characters")).check(z.maxLength(256)),
});
export const endpointSchema = z.object({ id: z.string().check(z.meta({ format: "uuid" })), client_id: z.string(), url: z.string() });

export const clientListSchema = z.object({
  clients: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      created_on: z.string(),
      /** The client's affiliate agreements (an order's `affiliate_id`), its default first. */
      affiliate_ids: z.array(z.string().check(z.meta({ format: "uuid" }))),
      endpoints: z.array(z.object({ id: z.string().check(z.meta({ format: "uuid" })), url: z.string() })),
      /** How far the client's own clock runs ahead of the shared one (its scenarios let time pass). */
      clock_offset_seconds: z.number(),
    }),
  ),
});
