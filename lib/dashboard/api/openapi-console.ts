import { z } from "zod";
import {
  consoleExchangePageSchema,
  consoleExchangeQuerySchema,
  consoleTenantsSchema,
  consoleUsersSchema,
  clockBodySchema,
  consoleFrameSchema,
  simulatorStepsSchema,
  tenantCreateBodySchema,
  tenantCreatedSchema,
  tenantDeleteQuerySchema,
  tenantUpdateBodySchema,
  consoleTenantSchema,
} from "@/lib/dashboard/contract/console-api";
import {
  clientListSchema,
  clockResetSchema,
  clockSchema,
  deliveriesSchema,
  deliverySchema,
  driveEventSchema,
  operatorExchangeSchema,
  paymentFieldsSchema,
  paymentResultSchema,
  paymentSchema,
  recoverRequestSchema,
  recoverResultSchema,
} from "@/lib/service-api/operator-contract";
import type { ErrorCode } from "@/lib/errors";
import type { Operation } from "@/lib/openapi/builder";

// OpenAPI operations of the dashboard's test buttons (tenants whose upstream is this app's
// sandbox) and of the operator console (/api/operator, role operator).

const mutation = ["unauthorized", "forbidden", "invalid_request", "payload_too_large", "unsupported_media_type"] satisfies ErrorCode[];
const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] satisfies ErrorCode[];
const operatorRead = ["unauthorized", "forbidden"] satisfies ErrorCode[];
const sandboxOnly = "Only while the sandbox runs in this app (404 otherwise).";

export const simulatorOperations: Operation[] = [
  {
    method: "post",
    path: "/orders/{id}/simulate-payment",
    operationId: "simulateOrderPayment",
    summary: "Simulate a bank payment into an order",
    description: `A test payment into the tenant's order, as the sandbox's bank would receive it (admins). ${sandboxOnly}`,
    tag: "simulator",
    pathParams: { id: "Order UUID" },
    body: { schema: paymentFieldsSchema, example: { amount: 250, currency: "eur" } },
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...mutation, "not_found", "unsupported_currency", "invalid_iban", ...upstream],
  },
  {
    method: "get",
    path: "/exchanges/{id}/simulate",
    operationId: "getSimulatorSteps",
    summary: "The steps the sandbox can simulate next",
    description: `Every simulated event, whether it fits the exchange's state now, and why not. ${sandboxOnly}`,
    tag: "simulator",
    pathParams: { id: "Exchange UUID" },
    success: { status: 200, description: "The next steps", schema: simulatorStepsSchema },
    errors: ["unauthorized", "not_found", ...upstream],
  },
  {
    method: "post",
    path: "/exchanges/{id}/simulate",
    operationId: "simulateExchangeStep",
    summary: "Simulate the next step of an exchange",
    description:
      "Broadcast, replace, confirm, pay the invoice with its preimage, open the channel, approve identification… (admins). " + sandboxOnly,
    tag: "simulator",
    pathParams: { id: "Exchange UUID" },
    body: { schema: driveEventSchema, example: { type: "broadcast" } },
    success: { status: 200, description: "The exchange after the step", schema: "Exchange" },
    errors: [...mutation, "not_found", "invalid_transition", ...upstream],
  },
];

const consoleOp = (op: Omit<Operation, "tag">): Operation => ({ ...op, tag: "operator console" });

export const consoleOperations: Operation[] = [
  consoleOp({
    method: "get",
    path: "/operator/events",
    operationId: "streamConsoleEvents",
    summary: "Every tenant's live notices",
    description:
      "Server-sent events for the operator console: `event: notice` with a ConsoleFrame for each stored webhook and " +
      "refreshed snapshot of any tenant. No ids and no replay: refetch what is shown, and again after a reconnect. A " +
      "comment every 15 s; closed when the session ends; counted among the user's `STREAMS_PER_USER`.",
    success: { status: 200, description: "An endless text/event-stream", schema: consoleFrameSchema, contentType: "text/event-stream" },
    errors: [...operatorRead, "rate_limited"],
  }),
  consoleOp({
    method: "get",
    path: "/operator/tenants",
    operationId: "listTenants",
    summary: "Every tenant",
    description: "With the webhook URL each must have registered with its service (operators).",
    success: { status: 200, description: "The tenants, oldest first", schema: consoleTenantsSchema },
    errors: operatorRead,
  }),
  consoleOp({
    method: "post",
    path: "/operator/tenants",
    operationId: "createTenant",
    summary: "Create a tenant",
    description:
      "A new API client of a service. The answer carries the webhook URL and secret to register with it; the secret is shown only here.",
    body: {
      schema: tenantCreateBodySchema,
      example: { name: "ACME", base_url: "https://api.example.com", client_id: "cl_123", network: "mainnet" },
    },
    success: { status: 201, description: "The tenant and its webhook secret", schema: tenantCreatedSchema },
    errors: [...mutation, "reauthentication_required"],
  }),
  consoleOp({
    method: "patch",
    path: "/operator/tenants/{id}",
    operationId: "updateTenant",
    summary: "Mend a tenant",
    description:
      "Its name, service (`base_url` and `client_id`: stored only once the service takes them together, else 400 naming " +
      "the field with the service's reason), network, `status` (`disabled`: its members, API and webhooks are refused, its " +
      "data kept; `active` again) or `is_default: true`. The default tenant cannot be disabled (409). Audited; needs step-up.",
    pathParams: { id: "Tenant UUID" },
    body: { schema: tenantUpdateBodySchema, example: { base_url: "https://api.example.com", client_id: "cl_456" } },
    success: { status: 200, description: "The tenant as it is now", schema: consoleTenantSchema },
    errors: [...mutation, "reauthentication_required", "not_found", "conflict"],
  }),
  consoleOp({
    method: "delete",
    path: "/operator/tenants/{id}",
    operationId: "deleteTenant",
    summary: "Delete a tenant",
    description:
      "`data=keep`: gone from every list, its webhook endpoint unknown, its members disabled and signed out, its data left in " +
      "the database. `data=purge`: the tenant, its members and everything of theirs deleted in one transaction. The default " +
      "tenant only as the last one (409). Audited in the console's own log; needs step-up.",
    pathParams: { id: "Tenant UUID" },
    query: tenantDeleteQuerySchema,
    success: { status: 204, description: "Deleted" },
    errors: [...mutation, "reauthentication_required", "not_found", "conflict"],
  }),
  consoleOp({
    method: "get",
    path: "/operator/users",
    operationId: "listAllUsers",
    summary: "The users of every tenant",
    description: "Email, role, tenant and whether the account is disabled (operators).",
    success: { status: 200, description: "The users", schema: consoleUsersSchema },
    errors: operatorRead,
  }),
  consoleOp({
    method: "get",
    path: "/operator/exchanges",
    operationId: "listAllExchanges",
    summary: "Exchanges of every tenant",
    description: "The dashboard's index across tenants, newest first, with the tenant of each (operators).",
    query: consoleExchangeQuerySchema,
    success: { status: 200, description: "A page of exchanges", schema: consoleExchangePageSchema },
    errors: [...operatorRead, "invalid_request", "not_found"],
  }),
  consoleOp({
    method: "get",
    path: "/operator/sandbox/deliveries",
    operationId: "listSandboxDeliveries",
    summary: "The sandbox's webhook deliveries",
    description: `Each with every attempt (status, error, duration) and the next one. ${sandboxOnly}`,
    query: z.object({
      exchange_id: z.string().optional().meta({ description: "Only this exchange's", format: "uuid" }),
      endpoint_id: z.string().optional().meta({ description: "Only this endpoint's", format: "uuid" }),
      status: z.enum(["pending", "delivered", "failed"]).optional().meta({ description: "Only in this status" }),
      since: z.string().optional().meta({ description: "Created at or after", format: "date-time" }),
    }),
    success: { status: 200, description: "Deliveries, newest first", schema: deliveriesSchema },
    errors: [...operatorRead, "invalid_request", "not_found", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/deliveries/{id}/resend",
    operationId: "resendSandboxDelivery",
    summary: "Deliver a webhook again now",
    description: `Also one that failed for good. ${sandboxOnly}`,
    pathParams: { id: "Delivery UUID" },
    success: { status: 200, description: "The delivery after the attempt", schema: deliverySchema },
    errors: ["unauthorized", "forbidden", "not_found", "conflict", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/deliveries/recover",
    operationId: "recoverSandboxDeliveries",
    summary: "Deliver again everything that failed since a date",
    description: `For one endpoint, after its outage. ${sandboxOnly}`,
    body: { schema: recoverRequestSchema },
    success: { status: 200, description: "How many were queued again", schema: recoverResultSchema },
    errors: [...mutation, "not_found", ...upstream],
  }),
  consoleOp({
    method: "get",
    path: "/operator/sandbox/clients",
    operationId: "listSandboxClients",
    summary: "The sandbox's API clients",
    description: `With their webhook endpoints. ${sandboxOnly}`,
    success: { status: 200, description: "The clients", schema: clientListSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/payments",
    operationId: "simulateSandboxPayment",
    summary: "Simulate a bank payment into any order",
    description: `By order id or creditor reference, with amount, currency, payer and outcome. ${sandboxOnly}`,
    body: { schema: paymentSchema, example: { creditor_reference: "RF18539007547034", amount: 250, currency: "eur" } },
    success: { status: 201, description: "The exchange the payment started", schema: paymentResultSchema },
    errors: [...mutation, "not_found", "unsupported_currency", "invalid_iban", ...upstream],
  }),
  consoleOp({
    method: "get",
    path: "/operator/sandbox/exchanges/{id}",
    operationId: "getSandboxExchange",
    summary: "Any client's exchange, with the events its state allows",
    description: sandboxOnly,
    pathParams: { id: "Exchange UUID" },
    success: { status: 200, description: "The exchange and its next events", schema: operatorExchangeSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/exchanges/{id}/events",
    operationId: "driveSandboxExchange",
    summary: "Drive an exchange",
    description: `Identification, refund, chain and Lightning events; one that does not fit is 409. ${sandboxOnly}`,
    pathParams: { id: "Exchange UUID" },
    body: { schema: driveEventSchema, example: { type: "confirm" } },
    success: { status: 200, description: "The exchange after the event", schema: "Exchange" },
    errors: [...mutation, "not_found", "invalid_transition", ...upstream],
  }),
  consoleOp({
    method: "get",
    path: "/operator/sandbox/clock",
    operationId: "getSandboxClock",
    summary: "The sandbox's time",
    description: sandboxOnly,
    success: { status: 200, description: "The sandbox time", schema: clockSchema },
    errors: [...operatorRead, "not_found", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/clock",
    operationId: "advanceSandboxClock",
    summary: "Move the sandbox clock forward",
    description: `Expiries, retries and unpaid payouts follow it. ${sandboxOnly}`,
    body: { schema: clockBodySchema, example: { advance_seconds: 3600 } },
    success: { status: 200, description: "The sandbox time", schema: clockSchema },
    errors: [...mutation, "not_found", "clock_limit", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/clock/reset",
    operationId: "resetSandboxClock",
    summary: "Put the sandbox's shared clock back to the present",
    description:
      "What happened in the time skipped is dated at the present at the latest; expiries and webhook retries still to come " +
      `stay as far away as they were (docs/sandbox.md#clocks). Audited. ${sandboxOnly}`,
    success: { status: 200, description: "The shared clock's time, and how far it went back", schema: clockResetSchema },
    errors: [...mutation, "not_found", ...upstream],
  }),
  consoleOp({
    method: "post",
    path: "/operator/sandbox/clients/{client_id}/clock/reset",
    operationId: "resetSandboxClientClock",
    summary: "Put one sandbox client's own clock back to the shared clock",
    description:
      "Its objects are mended as for the shared clock's reset; no other client's change. Audited by the client's name. " + sandboxOnly,
    pathParams: { client_id: "The client's client_id (GET /api/operator/sandbox/clients)" },
    success: { status: 200, description: "The client's time, and how far it went back", schema: clockResetSchema },
    errors: [...mutation, "not_found", ...upstream],
  }),
];
