import * as z from "zod/mini";

// The wire format of the exchange service API v1 (docs/exchange-api.md).
// Single source of truth: types come from z.infer, never by hand. Response schemas
// are loose (the real service adds fields); request schemas are strict.

export const currencies = ["eur", "chf", "gbp"] as const;
export type Currency = (typeof currencies)[number];
export const pairs = ["btc/eur", "btc/chf", "btc/gbp"] as const;
export const exchangeTypes = ["buy", "sell"] as const;
export const exchangeStates = ["executed", "interrupted", "refunded", "settled"] as const;
export const eventTypes = ["exchange.executed", "exchange.interrupted", "exchange.refunded", "exchange.settled"] as const;
export { refundCodes, invoiceFailureCodes, channelFailureCodes } from "./codes";

export const idSchema = z.guid();
export const timestampSchema = z.iso.datetime({ offset: true });
/** A decimal as the service sends it: a JSON number (numeric strings tolerated on input). */
export const decimalSchema = z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]);

// ---- challenge ----

export const challengeSchema = z.looseObject({
  id: idSchema,
  token: z.string(),
  expires_on: timestampSchema,
  completed_on: z.nullable(timestampSchema),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const challengeCreateSchema = z.strictObject({});

// ---- order ----

export const paymentMethodInputSchema = z.strictObject({
  currency: z.string().check(z.minLength(1)).check(z.maxLength(8)),
  debitor_iban: z.string().check(z.minLength(1)).check(z.maxLength(64)),
});

export const paymentMethodSchema = z.looseObject({
  currency: z.enum(currencies),
  debitor_iban: z.string(),
  creditor_reference: z.string(),
  creditor_iban: z.string(),
  creditor_bank_name: z.string(),
  creditor_bank_street: z.string(),
  creditor_bank_postal_code: z.string(),
  creditor_bank_town: z.string(),
  creditor_bank_country: z.string(),
  creditor_bank_bic: z.string(),
  creditor_name: z.string(),
  creditor_street: z.string(),
  creditor_postal_code: z.string(),
  creditor_town: z.string(),
  creditor_country: z.string(),
  swiss_qr_bill_payload: z.nullable(z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const signedMessage = {
  message: z.string().check(z.minLength(1)).check(z.maxLength(2048)),
  signature: z.string().check(z.minLength(1)).check(z.maxLength(4096)),
};

export const coinPayoutMethodInputSchema = z.strictObject({
  bitcoin_address: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  ...signedMessage,
  extended_public_key: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(256))),
  derivation_path: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(64))),
  gap_limit: z.optional(z.nullable(z.int().check(z.minimum(1)).check(z.maximum(1000)))),
});

export const lightningPayoutMethodInputSchema = z.strictObject({
  node_pubkey: z.string().check(z.minLength(1)).check(z.maxLength(130)),
  ...signedMessage,
});

export const payoutMethodInputSchema = z.union([lightningPayoutMethodInputSchema, coinPayoutMethodInputSchema]);
export type PayoutMethodInput = z.infer<typeof payoutMethodInputSchema>;

export const coinPayoutMethodSchema = z.looseObject({
  bitcoin_address: z.string(),
  message: z.string(),
  signature: z.string(),
  extended_public_key: z.optional(z.string()),
  derivation_path: z.optional(z.string()),
  gap_limit: z.optional(z.nullable(z.int())),
});
export const lightningPayoutMethodSchema = z.looseObject({
  node_pubkey: z.string(),
  message: z.string(),
  signature: z.string(),
});
export const payoutMethodSchema = z.union([lightningPayoutMethodSchema, coinPayoutMethodSchema]);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const orderCreateSchema = z.strictObject({
  active: z.optional(z.boolean()),
  affiliate_id: z.optional(idSchema),
  fee_rate: z.number(),
  payment_method: paymentMethodInputSchema,
  payout_method: payoutMethodInputSchema,
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderPatchSchema = z.strictObject({
  active: z.optional(z.boolean()),
  affiliate_id: z.optional(idSchema),
  fee_rate: z.optional(z.number()),
});
export type OrderPatch = z.infer<typeof orderPatchSchema>;

export const orderSchema = z.looseObject({
  id: idSchema,
  active: z.boolean(),
  created_on: timestampSchema,
  affiliate_id: idSchema,
  fee_rate: decimalSchema,
  payment_method: paymentMethodSchema,
  payout_method: payoutMethodSchema,
});
export type Order = z.infer<typeof orderSchema>;

// ---- payout options and actions ----

const payoutOfferSchema = z.looseObject({
  lnurl: z.string(),
  /** Fee in satoshis (docs/exchange-api.md#lightning-payouts). */
  fee: z.int(),
  expires_on: timestampSchema,
});
export const payoutOptionsSchema = z.looseObject({
  invoice: z.optional(payoutOfferSchema),
  channel: z.optional(payoutOfferSchema),
});
export type PayoutOptions = z.infer<typeof payoutOptionsSchema>;

export const identificationActionSchema = z.looseObject({
  code: z.literal("identification_required"),
  identification_id: idSchema,
});
export const initiatePayoutActionSchema = z.looseObject({
  code: z.literal("initiate_payout"),
  payout_options: payoutOptionsSchema,
});
/** The real service also sends e.g. {code: "identify", url}: kept, never rejected. */
export const otherActionSchema = z.looseObject({ code: z.string(), url: z.optional(z.string()) });
export const actionSchema = z.union([identificationActionSchema, initiatePayoutActionSchema, otherActionSchema]);
export type Action = z.infer<typeof actionSchema>;

export const reasonSchema = z.looseObject({ code: z.string() });
export type Reason = z.infer<typeof reasonSchema>;

// ---- payouts ----

/** Coin payout as GET /v1/exchanges/{id} returns it (no type, `confirmed`). */
export const restCoinPayoutSchema = z.looseObject({
  txid: z.string(),
  outpoint: z.int(),
  bitcoin_address: z.string(),
  derivation_path: z.nullable(z.string()),
  block_height: z.nullable(z.int()),
  confirmed: z.boolean(),
  fee: decimalSchema,
  amount: decimalSchema,
});

/** Coin payout as exchange.settled carries it (`type`, `confirmations`). */
export const webhookCoinPayoutSchema = z.looseObject({
  type: z.literal("coin"),
  txid: z.string(),
  outpoint: z.int(),
  bitcoin_address: z.string(),
  derivation_path: z.nullable(z.string()),
  block_height: z.nullable(z.int()),
  confirmations: z.int(),
  fee: decimalSchema,
  amount: decimalSchema,
});

export const invoicePayoutSchema = z.looseObject({
  type: z.literal("invoice"),
  status: z.enum(["pending", "completed", "failed"]),
  invoice: z.string(),
  preimage: z.nullable(z.string()),
  fee: decimalSchema,
  amount: decimalSchema,
});

export const restChannelPayoutSchema = z.looseObject({
  type: z.literal("channel"),
  status: z.enum(["pending", "funding", "completed", "failed"]),
  node_address: z.string(),
  private: z.boolean(),
  txid: z.nullable(z.string()),
  outpoint: z.nullable(z.int()),
  channel_id: z.nullable(z.string()),
  fee: decimalSchema,
  amount: decimalSchema,
});

export const webhookChannelPayoutSchema = z.looseObject({
  type: z.literal("channel"),
  status: z.enum(["pending", "funding", "completed", "failed"]),
  host: z.string(),
  txid: z.nullable(z.string()),
  outpoint: z.nullable(z.int()),
  channel_id: z.nullable(z.string()),
  fee: decimalSchema,
  amount: decimalSchema,
});

/** The failed attempt carried by exchange.interrupted with reason payout_failure. */
export const failedPayoutSchema = z.looseObject({
  type: z.enum(["invoice", "channel"]),
  status: z.literal("failed"),
  failure_code: z.string(),
});

export const restPayoutSchema = z.union([restCoinPayoutSchema, invoicePayoutSchema, restChannelPayoutSchema, failedPayoutSchema]);
export const webhookPayoutSchema = z.union([webhookCoinPayoutSchema, invoicePayoutSchema, webhookChannelPayoutSchema, failedPayoutSchema]);

// ---- exchange ----

const exchangeFields = {
  fee_rate: decimalSchema,
  pair: z.enum(pairs),
  type: z.enum(exchangeTypes),
  cost: decimalSchema,
  executed_on: z.nullable(timestampSchema),
  amount: z.nullable(decimalSchema),
  rate: z.nullable(decimalSchema),
  fee: z.nullable(decimalSchema),
  action: z.nullable(actionSchema),
  reason: z.nullable(reasonSchema),
};

export const exchangeSchema = z.looseObject({
  id: idSchema,
  order_id: idSchema,
  ...exchangeFields,
  payout: z.nullable(restPayoutSchema),
});
export type Exchange = z.infer<typeof exchangeSchema>;

export const exchangeEventPayloadSchema = z.looseObject({
  exchange_id: idSchema,
  order_id: idSchema,
  ...exchangeFields,
  payout: z.nullable(webhookPayoutSchema),
});
export type ExchangeEventPayload = z.infer<typeof exchangeEventPayloadSchema>;

export const exchangePayoutPatchSchema = z.strictObject({
  payout: z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("invoice"), invoice: z.string().check(z.minLength(1)).check(z.maxLength(8192)) }),
    z.strictObject({
      type: z.literal("channel"),
      node_address: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(512))),
      private: z.optional(z.boolean()),
    }),
  ]),
});
export type ExchangePayoutPatch = z.infer<typeof exchangePayoutPatchSchema>;

// ---- webhook events ----

export const webhookEventSchema = z.looseObject({
  event: z.enum(eventTypes),
  payload: exchangeEventPayloadSchema,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Any event body: unknown event types are stored and shown, never rejected. */
export const anyWebhookEventSchema = z.looseObject({
  event: z.string(),
  payload: z.looseObject({}),
});

// ---- errors ----

export { errorBodySchema, type ErrorBody } from "./error-body";
