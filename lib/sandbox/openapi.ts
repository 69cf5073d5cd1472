import { z } from "zod";
import {
  challengeSchema,
  errorBodySchema,
  eventTypes,
  exchangePayoutPatchSchema,
  exchangeSchema,
  orderCreateSchema,
  orderPatchSchema,
  orderSchema,
  webhookEventSchema,
} from "@/lib/exchange/schemas";

// OpenAPI 3.1 of the REST API v1 and its webhooks, generated from the zod contract.

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (name: string) => ({ content: { "application/json": { schema: ref(name) } } });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { description: "Error", ...jsonBody("Error") }]));
const idParameter = (what: string) => ({ name: "id", in: "path", required: true, description: `${what} UUID`, schema: { type: "string", format: "uuid" } });

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Bitcoin Exchange Service API (sandbox)",
      version: "1.0.0",
      description:
        "REST API v1 and webhooks of the exchange service, as served by the embedded sandbox. Errors are {error, documentation_uri, details?}.",
    },
    servers: [{ url: serverUrl }],
    security: [{ clientId: [] }],
    components: {
      securitySchemes: {
        clientId: { type: "apiKey", in: "header", name: "Authorization", description: "`client_id <client_id>` (or `Bearer <client_id>`)" },
      },
      schemas: {
        Challenge: schema(challengeSchema),
        OrderCreate: schema(orderCreateSchema),
        OrderPatch: schema(orderPatchSchema),
        Order: schema(orderSchema),
        Exchange: schema(exchangeSchema),
        ExchangePayoutPatch: schema(exchangePayoutPatchSchema),
        WebhookEvent: schema(webhookEventSchema),
        Error: schema(errorBodySchema),
      },
    },
    paths: {
      "/v1/challenges": {
        post: {
          summary: "Create a challenge whose token goes into the signed message",
          requestBody: { content: { "application/json": { schema: { type: "object", additionalProperties: false } } } },
          responses: { "201": { description: "Challenge", ...jsonBody("Challenge") }, ...errors(400, 401, 413, 415, 429) },
        },
      },
      "/v1/challenges/{id}": {
        get: {
          summary: "Get a challenge",
          parameters: [idParameter("Challenge")],
          responses: { "200": { description: "Challenge", ...jsonBody("Challenge") }, ...errors(401, 404, 429) },
        },
      },
      "/v1/orders": {
        post: {
          summary: "Create an order with a wallet-signed payout destination",
          requestBody: { required: true, ...jsonBody("OrderCreate") },
          responses: { "201": { description: "Order", ...jsonBody("Order") }, ...errors(400, 401, 413, 415, 429) },
        },
      },
      "/v1/orders/{id}": {
        get: {
          summary: "Get an order",
          parameters: [idParameter("Order")],
          responses: { "200": { description: "Order", ...jsonBody("Order") }, ...errors(401, 404, 429) },
        },
        patch: {
          summary: "Toggle or re-price an order",
          parameters: [idParameter("Order")],
          requestBody: { required: true, ...jsonBody("OrderPatch") },
          responses: { "200": { description: "Order", ...jsonBody("Order") }, ...errors(400, 401, 404, 413, 415, 429) },
        },
      },
      "/v1/exchanges/{id}": {
        get: {
          summary: "Get an exchange (renews expired Lightning payout offers)",
          parameters: [idParameter("Exchange")],
          responses: { "200": { description: "Exchange", ...jsonBody("Exchange") }, ...errors(401, 404, 429) },
        },
        patch: {
          summary: "Submit a Lightning invoice or channel payout (beta)",
          parameters: [idParameter("Exchange")],
          requestBody: { required: true, ...jsonBody("ExchangePayoutPatch") },
          responses: { "200": { description: "Exchange with pending payout", ...jsonBody("Exchange") }, ...errors(400, 401, 404, 409, 413, 415, 429) },
        },
      },
    },
    webhooks: Object.fromEntries(
      eventTypes.map((event) => [
        event,
        {
          post: {
            summary: `${event} (signed: X-Signature-256 = "sha256=" + HMAC-SHA256 of the raw body)`,
            parameters: [
              { name: "X-Signature-256", in: "header", required: true, schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}$" } },
              { name: "X-Correlation-Id", in: "header", required: true, schema: { type: "string", format: "uuid" } },
              { name: "X-Retry-Count", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]+$" } },
              { name: "User-Agent", in: "header", required: true, schema: { type: "string", example: "Sandbox-Webhook/1.0" } },
            ],
            requestBody: { required: true, ...jsonBody("WebhookEvent") },
            responses: { "200": { description: "Any 2xx acknowledges; anything else is retried after 5 minutes, doubling" } },
          },
        },
      ]),
    ),
  };
}
