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
import { lnurlStatusSchema } from "@/lib/service-api/operator-contract";
import { buildDocument } from "@/lib/openapi/builder";
import { operationOf, type AnyEndpoint } from "./endpoint";
import { createChallengeEndpoint, getChallengeEndpoint } from "./challenges/endpoints";
import { createOrderEndpoint, getOrderEndpoint, updateOrderEndpoint } from "./orders/endpoints";
import {
  driveExchangeEndpoint,
  getExchangeAsOperatorEndpoint,
  getExchangeEndpoint,
  requestPayoutEndpoint,
  simulatePaymentEndpoint,
} from "./exchanges/endpoints";
import {
  createClientEndpoint,
  getRuntimeEndpoint,
  listClientsEndpoint,
  listDeliveriesEndpoint,
  recoverDeliveriesEndpoint,
  replaceWebhookEndpointsEndpoint,
  resendDeliveryEndpoint,
  runDueDeliveriesEndpoint,
  setWebhookEndpointSecretEndpoint,
} from "./operator/endpoints";
import { advanceClientClockEndpoint, advanceClockEndpoint, resetClientClockEndpoint, resetClockEndpoint } from "./operator/clock-endpoints";
import {
  lnurlPayCallbackEndpoint,
  lnurlPayEndpoint,
  listLightningAddressesEndpoint,
  registerLightningAddressEndpoint,
} from "./lightning-addresses/endpoints";
import {
  lnurlChannelCallbackEndpoint,
  lnurlChannelEndpoint,
  lnurlWithdrawCallbackEndpoint,
  lnurlWithdrawEndpoint,
} from "./lnurl/endpoints";

// OpenAPI 3.1 of the sandbox: the REST API v1 and its webhooks, the operator API, and the LNURL
// endpoints behind payout offers, generated from the zod schemas (docs/exchange-api.md). Each
// operation is an endpoint's definition (./endpoint.ts); this file holds the document's frame.

/**
 * Every endpoint of the sandbox, served and documented from the same definition. Their order is the
 * document's: a schema two operations share is named after the first of them (clockSchema is
 * AdvanceClockResponse, though advanceClientClock answers it too).
 */
export const endpoints: AnyEndpoint[] = [
  createChallengeEndpoint,
  getChallengeEndpoint,
  createOrderEndpoint,
  getOrderEndpoint,
  updateOrderEndpoint,
  getExchangeEndpoint,
  requestPayoutEndpoint,
  createClientEndpoint,
  listClientsEndpoint,
  replaceWebhookEndpointsEndpoint,
  setWebhookEndpointSecretEndpoint,
  simulatePaymentEndpoint,
  driveExchangeEndpoint,
  getExchangeAsOperatorEndpoint,
  advanceClockEndpoint,
  resetClockEndpoint,
  advanceClientClockEndpoint,
  resetClientClockEndpoint,
  listDeliveriesEndpoint,
  resendDeliveryEndpoint,
  recoverDeliveriesEndpoint,
  runDueDeliveriesEndpoint,
  getRuntimeEndpoint,
  registerLightningAddressEndpoint,
  listLightningAddressesEndpoint,
  lnurlWithdrawEndpoint,
  lnurlWithdrawCallbackEndpoint,
  lnurlPayEndpoint,
  lnurlPayCallbackEndpoint,
  lnurlChannelEndpoint,
  lnurlChannelCallbackEndpoint,
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
    operations: endpoints.map(operationOf),
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
