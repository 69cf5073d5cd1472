import { z } from "zod";
import {
  challengeCreateSchema,
  challengeSchema,
  errorBodySchema,
  eventTypes,
  exchangePayoutPatchSchema,
  exchangeSchema,
  orderCreateSchema,
  orderPatchSchema,
  orderSchema,
  webhookEventSchema,
} from "@/lib/service-api/schemas";
import { buildDocument, type Operation } from "@/lib/openapi/builder";
import { orderCreateErrors, payoutErrors } from "@/lib/openapi/error-sets";
import { clientCreateSchema, webhookEndpointsSchema } from "./operator/clients";
import { lightningAddressCreateSchema } from "./lightning-addresses/lightning-addresses";
import { lnurlPayInvoiceSchema, lnurlPayRequestSchema } from "@/lib/lightning/lightning-address";
import {
  clientCreatedSchema,
  clientListSchema,
  clockRequestSchema,
  clockResetSchema,
  clockSchema,
  deliveriesSchema,
  deliveryRunSchema,
  driveEventSchema,
  deliverySchema,
  lnurlChannelRequestSchema,
  lnurlStatusSchema,
  lnurlWithdrawRequestSchema,
  lightningAddressListSchema,
  lightningAddressSchema,
  operatorExchangeSchema,
  paymentResultSchema,
  paymentSchema,
  recoverRequestSchema,
  recoverResultSchema,
  runtimeSchema,
  webhookEndpointsResultSchema,
  endpointSchema,
  endpointSecretSchema,
} from "@/lib/service-api/operator-contract";

// OpenAPI 3.1 of the sandbox: the REST API v1 and its webhooks, the operator API, and the LNURL
// endpoints behind payout offers, generated from the zod schemas (docs/exchange-api.md).

const v1Errors = ["unauthorized", "not_found", "rate_limited"] as const;
const bodyErrors = ["invalid_request", "payload_too_large", "unsupported_media_type"] as const;
const operatorErrors = ["unauthorized", "invalid_request", "payload_too_large", "unsupported_media_type"] as const;
const lnurlResponses = {
  "404": {
    description: "The sandbox is switched off",
    content: {
      "application/json": {
        schema: { $ref: "#/components/schemas/LnurlStatus" },
        examples: { switched_off: { summary: "The sandbox is switched off", value: { status: "ERROR", reason: "Not found" } } },
      },
    },
  },
};

const operations: Operation[] = [
  {
    method: "post",
    path: "/v1/challenges",
    operationId: "createChallenge",
    summary: "Create a challenge",
    description: "A short token, valid 30 minutes and single use, that the wallet's signed message must contain.",
    tag: "challenges",
    body: { schema: "ChallengeCreate", required: false, example: {} },
    success: { status: 201, description: "The new challenge", schema: "Challenge" },
    errors: [...v1Errors, ...bodyErrors],
  },
  {
    method: "get",
    path: "/v1/challenges/{id}",
    operationId: "getChallenge",
    summary: "Get a challenge",
    description: "`completed_on` is set once an order was created with a message containing its token.",
    tag: "challenges",
    pathParams: { id: "Challenge UUID" },
    success: { status: 200, description: "The challenge", schema: "Challenge" },
    errors: [...v1Errors],
  },
  {
    method: "post",
    path: "/v1/orders",
    operationId: "createOrder",
    summary: "Create an order",
    description:
      "Payment instructions (where fiat is paid in) and a payout destination proven by a signature over a message " +
      "containing an open challenge's token: a bitcoin address (BIP-137, Electrum or BIP-322) or a Lightning node (a " +
      "node's signed message).",
    tag: "orders",
    body: { schema: "OrderCreate" },
    success: { status: 201, description: "The order, with the bank details to pay into", schema: "Order" },
    errors: [...v1Errors, ...bodyErrors, ...orderCreateErrors],
  },
  {
    method: "get",
    path: "/v1/orders/{id}",
    operationId: "getOrder",
    summary: "Get an order",
    description: "The order as created, with its current `active`, `fee_rate` and `affiliate_id`.",
    tag: "orders",
    pathParams: { id: "Order UUID" },
    success: { status: 200, description: "The order", schema: "Order" },
    errors: [...v1Errors],
  },
  {
    method: "patch",
    path: "/v1/orders/{id}",
    operationId: "updateOrder",
    summary: "Toggle or re-price an order",
    description: "Changes `active`, `fee_rate` or `affiliate_id`. Payments into an inactive order are refunded with `order_inactive`.",
    tag: "orders",
    pathParams: { id: "Order UUID" },
    body: { schema: "OrderPatch", example: { active: false } },
    success: { status: 200, description: "The updated order", schema: "Order" },
    errors: [...v1Errors, ...bodyErrors, "fee_rate_out_of_range", "affiliate_not_found"],
  },
  {
    method: "get",
    path: "/v1/exchanges/{id}",
    operationId: "getExchange",
    summary: "Get an exchange",
    description:
      "The exchange in one of its shapes (executed, interrupted, refunded, settled). For a Lightning exchange, " +
      "expired payout offers are renewed.",
    tag: "exchanges",
    pathParams: { id: "Exchange UUID" },
    success: { status: 200, description: "The exchange", schema: "Exchange" },
    errors: [...v1Errors],
  },
  {
    method: "patch",
    path: "/v1/exchanges/{id}",
    operationId: "requestPayout",
    summary: "Request a Lightning payout (beta)",
    description:
      "An invoice of exactly the amount minus the invoice offer's fee, or a channel to the order's node. The payout starts as `pending`.",
    tag: "exchanges",
    pathParams: { id: "Exchange UUID" },
    body: { schema: "ExchangePayoutPatch", example: { payout: { type: "channel", private: false } } },
    success: { status: 200, description: "The exchange with its pending payout", schema: "Exchange" },
    errors: [...v1Errors, ...bodyErrors, ...payoutErrors],
  },
  // ---- operator ----
  {
    method: "post",
    path: "/operator/clients",
    operationId: "createClient",
    summary: "Create an API client",
    description: "A client with two affiliate agreements, the first its default.",
    tag: "operator",
    body: { schema: clientCreateSchema, example: { name: "ACME" } },
    success: { status: 201, description: "The client", schema: clientCreatedSchema },
    errors: [...operatorErrors, "conflict"],
  },
  {
    method: "get",
    path: "/operator/clients",
    operationId: "listClients",
    summary: "List API clients",
    description: "Every API client with its webhook endpoints (their secrets are never shown).",
    tag: "operator",
    success: { status: 200, description: "The clients, oldest first", schema: clientListSchema },
    errors: ["unauthorized"],
  },
  {
    method: "put",
    path: "/operator/clients/{client_id}/webhook-endpoints",
    operationId: "replaceWebhookEndpoints",
    summary: "Replace a client's webhook endpoints",
    description: "Every event of the client's orders is POSTed to each endpoint, signed with its secret. Secrets are never echoed back.",
    tag: "operator",
    pathParams: { client_id: "The client's client_id" },
    body: { schema: webhookEndpointsSchema },
    success: { status: 200, description: "The endpoints now registered", schema: webhookEndpointsResultSchema },
    errors: [...operatorErrors, "not_found"],
  },
  {
    method: "patch",
    path: "/operator/webhook-endpoints/{id}",
    operationId: "setWebhookEndpointSecret",
    summary: "Give one webhook endpoint a new secret",
    description:
      "A client's secret rotation: every later attempt, retries of earlier events included, is signed with the new secret. " +
      "The secret is never echoed back.",
    tag: "operator",
    pathParams: { id: "The endpoint's id (GET /operator/clients)" },
    body: { schema: endpointSecretSchema },
    success: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...operatorErrors, "not_found"],
  },
  {
    method: "post",
    path: "/operator/payments",
    operationId: "simulatePayment",
    summary: "Simulate a bank payment into an order",
    description:
      "By `order_id` or `creditor_reference`. Without `outcome` the compliance rules decide: inactive order, company " +
      "payer, payer country, payer account, identification above 1 000.",
    tag: "operator",
    body: { schema: paymentSchema, example: { creditor_reference: "RF18539007547034", amount: 250, currency: "eur" } },
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...operatorErrors, "not_found", "unsupported_currency", "invalid_iban"],
  },
  {
    method: "post",
    path: "/operator/exchanges/{id}/events",
    operationId: "driveExchange",
    summary: "Move an exchange: identification, refund, chain and Lightning events",
    description: "An event that does not fit the exchange's state is `409 invalid_transition`.",
    tag: "operator",
    pathParams: { id: "Exchange UUID" },
    body: { schema: driveEventSchema, example: { type: "broadcast" } },
    success: { status: 200, description: "The exchange after the event", schema: "Exchange" },
    errors: [...operatorErrors, "not_found", "invalid_transition"],
  },
  {
    method: "get",
    path: "/operator/exchanges/{id}",
    operationId: "getExchangeAsOperator",
    summary: "Any client's exchange, with the events its state allows",
    description:
      "The exchange as its client sees it, the client, the payout kind, and every operator event with whether it fits the " +
      "exchange's state now and, if not, why (a console offers only what fits).",
    tag: "operator",
    pathParams: { id: "Exchange UUID" },
    success: { status: 200, description: "The exchange and its next events", schema: operatorExchangeSchema },
    errors: ["unauthorized", "not_found"],
  },
  {
    method: "post",
    path: "/operator/clock",
    operationId: "advanceClock",
    summary: "Move the shared clock forward",
    description:
      "The shared clock, with each client's own clock running on it, governs every expiry, timestamp and retry of the " +
      "sandbox. `advance_seconds: 0` reads it. No clock may run more than 366 days ahead of real time: a move past that is " +
      "409 clock_limit (docs/sandbox.md#clocks).",
    tag: "operator",
    body: { schema: clockRequestSchema, example: { advance_seconds: 600 } },
    success: { status: 200, description: "The shared clock's time", schema: clockSchema },
    errors: [...operatorErrors, "clock_limit"],
  },
  {
    method: "post",
    path: "/operator/clock/reset",
    operationId: "resetClock",
    summary: "Put the shared clock back to the present",
    description:
      "For a clock that ran ahead: what happened in the time skipped is dated at the present at the latest, what was to come " +
      "(expiries, webhook retries) stays as far away as it was. Each client's own clock keeps its lead on the shared one.",
    tag: "operator",
    success: { status: 200, description: "The shared clock's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized"],
  },
  {
    method: "post",
    path: "/operator/clients/{client_id}/clock",
    operationId: "advanceClientClock",
    summary: "Move one client's own clock forward",
    description:
      "Only this client's time moves: its objects' expiries and its webhooks' retries, no other client's. `advance_seconds: 0` " +
      "reads it. At most 366 days ahead of real time, and at most 30 days of moves in any 24 hours: a move past either is " +
      "409 clock_limit naming it.",
    tag: "operator",
    pathParams: { client_id: "The client's client_id" },
    body: { schema: clockRequestSchema, example: { advance_seconds: 60 } },
    success: { status: 200, description: "The client's time", schema: clockSchema },
    errors: [...operatorErrors, "not_found", "clock_limit"],
  },
  {
    method: "post",
    path: "/operator/clients/{client_id}/clock/reset",
    operationId: "resetClientClock",
    summary: "Put one client's own clock back to the shared clock",
    description: "The client's objects are mended as for the shared clock's reset; no other client's change.",
    tag: "operator",
    pathParams: { client_id: "The client's client_id" },
    success: { status: 200, description: "The client's time, and how far it went back", schema: clockResetSchema },
    errors: ["unauthorized", "not_found"],
  },
  {
    method: "get",
    path: "/operator/deliveries",
    operationId: "listDeliveries",
    summary: "List webhook deliveries",
    description: "The latest deliveries (200 at most, `limit` fewer), each with every attempt; the filters narrow them down.",
    tag: "operator",
    query: z.object({
      exchange_id: z.string().optional().meta({ description: "Only this exchange's (UUID)", format: "uuid" }),
      endpoint_id: z.string().optional().meta({ description: "Only this webhook endpoint's (UUID)", format: "uuid" }),
      status: z.enum(["pending", "delivered", "failed"]).optional().meta({ description: "Only deliveries in this status" }),
      since: z.string().optional().meta({ description: "Only deliveries created at or after this instant", format: "date-time" }),
      limit: z.string().optional().meta({ description: "How many at most, 1 to 200 (default 200)" }),
    }),
    success: { status: 200, description: "Deliveries, newest first", schema: deliveriesSchema },
    errors: ["unauthorized", "invalid_request"],
  },
  {
    method: "post",
    path: "/operator/deliveries/{id}/resend",
    operationId: "resendDelivery",
    summary: "Deliver again now",
    description: "Also a delivery that failed for good after 10 attempts.",
    tag: "operator",
    pathParams: { id: "Delivery UUID" },
    success: { status: 200, description: "The delivery after the attempt", schema: deliverySchema },
    errors: ["unauthorized", "not_found", "conflict"],
  },
  {
    method: "post",
    path: "/operator/deliveries/recover",
    operationId: "recoverDeliveries",
    summary: "Deliver again everything that failed since a date",
    description:
      "After an endpoint's outage: every delivery to the endpoint that failed for good and was created at or after `since` " +
      "is due again now, and gets one more attempt.",
    tag: "operator",
    body: {
      schema: recoverRequestSchema,
      example: { endpoint_id: "2b1e6f0c-8f1a-4c3e-9b1a-0c9d8e7f6a5b", since: "2026-11-20T00:00:00.000Z" },
    },
    success: { status: 200, description: "How many deliveries were queued again", schema: recoverResultSchema },
    errors: [...operatorErrors, "not_found"],
  },
  {
    method: "post",
    path: "/operator/deliveries/run",
    operationId: "runDueDeliveries",
    summary: "Deliver everything due now",
    description: "What the worker does every `SANDBOX_WORKER_INTERVAL_MS`; for tests.",
    tag: "operator",
    success: { status: 200, description: "How many deliveries were attempted, and how they ended", schema: deliveryRunSchema },
    errors: ["unauthorized"],
  },
  {
    method: "get",
    path: "/operator/runtime",
    operationId: "getRuntime",
    summary: "The server's memory",
    description: "After a full garbage collection with `gc=1` when the process runs with `--expose-gc` (the benchmark uses it).",
    tag: "operator",
    query: z.object({ gc: z.enum(["1"]).optional().meta({ description: "Collect garbage first" }) }),
    success: { status: 200, description: "Memory figures in bytes", schema: runtimeSchema },
    errors: ["unauthorized"],
  },
  {
    method: "post",
    path: "/operator/lightning-addresses",
    operationId: "registerLightningAddress",
    summary: "Register a test Lightning Address",
    description:
      "name@<the sandbox's host> then answers LUD-16 at `/.well-known/lnurlp/{name}` and mints invoices signed with the key, " +
      "so a test can pay an order's node through its address. The same name with the same key again answers 200; with another key 409.",
    tag: "operator",
    body: { schema: lightningAddressCreateSchema, example: { name: "alice", node_private_key: "11".repeat(32) } },
    success: { status: 201, description: "The address (its key is never shown)", schema: lightningAddressSchema },
    errors: [...operatorErrors, "conflict"],
  },
  {
    method: "get",
    path: "/operator/lightning-addresses",
    operationId: "listLightningAddresses",
    summary: "List test Lightning Addresses",
    description: "Every registered address by name, without keys.",
    tag: "operator",
    success: { status: 200, description: "The addresses", schema: lightningAddressListSchema },
    errors: ["unauthorized"],
  },
  // ---- LNURL ----
  {
    method: "get",
    path: "/lnurl/withdraw/{k1}",
    operationId: "lnurlWithdraw",
    summary: "LNURL-withdraw request (LUD-03)",
    description: "What `payout_options.invoice.lnurl` decodes to: min = max = the amount minus the fee, in millisatoshis.",
    tag: "lnurl",
    security: [],
    pathParams: { k1: "The offer's secret" },
    success: {
      status: 200,
      description: "The withdraw request, or `{status: ERROR, reason}`",
      schema: z.union([lnurlWithdrawRequestSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  {
    method: "get",
    path: "/lnurl/withdraw/{k1}/callback",
    operationId: "lnurlWithdrawCallback",
    summary: "LNURL-withdraw callback",
    description: "The wallet's invoice, checked exactly as PATCH /v1/exchanges/{id} checks it; single use.",
    tag: "lnurl",
    security: [],
    pathParams: { k1: "The offer's secret" },
    query: z.object({ k1: z.string(), pr: z.string().meta({ description: "The BOLT 11 invoice" }) }),
    success: { status: 200, description: "`{status: OK}` or `{status: ERROR, reason}`", schema: "LnurlStatus" },
    errors: [],
    responses: lnurlResponses,
  },
  {
    method: "get",
    path: "/.well-known/lnurlp/{name}",
    operationId: "lnurlPay",
    summary: "A test Lightning Address's payRequest (LUD-16, LUD-06)",
    description: "Also served at the root of the sandbox's host, where `name@host` resolves. 404 for an unknown name.",
    tag: "lnurl",
    security: [],
    pathParams: { name: "The address's name" },
    success: { status: 200, description: "The payRequest", schema: lnurlPayRequestSchema },
    errors: [],
    responses: {
      "404": {
        description: "No such address, or the sandbox is switched off",
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/LnurlStatus" },
            examples: {
              unknown: {
                summary: "No such address",
                value: { status: "ERROR", reason: "not_found: No Lightning Address nobody@sandbox.example" },
              },
            },
          },
        },
      },
    },
  },
  {
    method: "get",
    path: "/lnurlp/{name}/callback",
    operationId: "lnurlPayCallback",
    summary: "A test Lightning Address's invoice for an amount",
    description:
      "An invoice for exactly `amount`, signed with the address's node key, committing to the payRequest's metadata " +
      "(description hash); valid 10 minutes.",
    tag: "lnurl",
    security: [],
    pathParams: { name: "The address's name" },
    query: z.object({ amount: z.string().meta({ description: "Millisatoshis, between minSendable and maxSendable" }) }),
    success: {
      status: 200,
      description: "`{pr, routes}`, or `{status: ERROR, reason}`",
      schema: z.union([lnurlPayInvoiceSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  {
    method: "get",
    path: "/lnurl/channel/{k1}",
    operationId: "lnurlChannel",
    summary: "LNURL-channel request (LUD-02)",
    description: "What `payout_options.channel.lnurl` decodes to: the sandbox node's URI to connect to.",
    tag: "lnurl",
    security: [],
    pathParams: { k1: "The offer's secret" },
    success: {
      status: 200,
      description: "The channel request, or `{status: ERROR, reason}`",
      schema: z.union([lnurlChannelRequestSchema, lnurlStatusSchema]),
    },
    errors: [],
    responses: lnurlResponses,
  },
  {
    method: "get",
    path: "/lnurl/channel/{k1}/callback",
    operationId: "lnurlChannelCallback",
    summary: "LNURL-channel callback",
    description: "The wallet's node has connected: the channel opens to it and pushes the payout.",
    tag: "lnurl",
    security: [],
    pathParams: { k1: "The offer's secret" },
    query: z.object({
      k1: z.string(),
      remoteid: z.string().meta({ description: "The wallet node's pubkey" }),
      private: z.enum(["0", "1"]).optional(),
    }),
    success: { status: 200, description: "`{status: OK}` or `{status: ERROR, reason}`", schema: "LnurlStatus" },
    errors: [],
    responses: lnurlResponses,
  },
];

const webhookHeaders = [
  {
    name: "X-Signature-256",
    in: "header",
    required: true,
    description: "`sha256=` + HMAC-SHA256 of the raw body with the endpoint's secret",
    schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
  },
  {
    name: "X-Correlation-Id",
    in: "header",
    required: true,
    description: "One per event, the same across retries",
    schema: { type: "string", format: "uuid" },
  },
  {
    name: "X-Retry-Count",
    in: "header",
    required: true,
    description: "Attempt number minus one",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  { name: "User-Agent", in: "header", required: true, description: "`Sandbox-Webhook/1.0`", schema: { type: "string" } },
];

export function openApiDocument(serverUrl: string, documentationBase: string) {
  return buildDocument({
    title: "Bitcoin Exchange Service API (sandbox)",
    version: "1.0.0",
    description:
      "The exchange service's REST API v1 and webhooks as the embedded sandbox serves them, with its operator API " +
      "(simulated bank, chain, Lightning network and clock) and the LNURL endpoints behind payout offers. Errors are " +
      "`{error, documentation_uri, details?}`.",
    serverUrl,
    documentationBase,
    tags: [
      { name: "challenges", description: "Tokens that signed messages must contain" },
      { name: "orders", description: "Standing payment and payout instructions" },
      { name: "exchanges", description: "What a payment into an order started" },
      { name: "operator", description: "The sandbox's simulation controls (operator key)" },
      { name: "lnurl", description: "LNURL endpoints that wallets call (no credentials)" },
      { name: "webhooks", description: "Events POSTed to the client's endpoints" },
    ],
    securitySchemes: {
      clientId: { type: "apiKey", in: "header", name: "Authorization", description: "`client_id <client_id>` (or `Bearer <client_id>`)" },
      operatorKey: { type: "http", scheme: "bearer", description: "`SANDBOX_OPERATOR_KEY`" },
    },
    security: [{ clientId: [] }],
    schemas: {
      ChallengeCreate: challengeCreateSchema,
      Challenge: challengeSchema,
      OrderCreate: orderCreateSchema,
      OrderPatch: orderPatchSchema,
      Order: orderSchema,
      Exchange: exchangeSchema,
      ExchangePayoutPatch: exchangePayoutPatchSchema,
      WebhookEvent: webhookEventSchema,
      LnurlStatus: lnurlStatusSchema,
      Error: errorBodySchema,
    },
    operations: operations.map((op) => (op.tag === "operator" ? { ...op, security: [{ operatorKey: [] }] } : op)),
    webhooks: eventTypes.map((event) => ({
      name: event,
      summary: event,
      description:
        `Sent to every endpoint of the client when an exchange ${event.replace("exchange.", "is ")}. ` +
        "Verify X-Signature-256 over the raw body before parsing.",
      tag: "webhooks",
      headers: webhookHeaders,
      body: "WebhookEvent",
    })),
  });
}
