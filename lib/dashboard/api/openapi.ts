import {
  exchangeListItemSchema,
  exchangePageSchema,
  orderPageSchema,
  payoutLinkItemSchema,
  payoutLinkListSchema,
  payoutLinkSchema,
  publicViewSchema,
  snapshotFrameSchema,
  storedEventsSchema,
  webhookFrameSchema,
  webhookReceiptSchema,
} from "@/lib/dashboard/contract/dashboard-api";
import {
  anyWebhookEventSchema,
  challengeCreateSchema,
  challengeSchema,
  errorBodySchema,
  exchangePayoutPatchSchema,
  exchangeSchema,
  orderCreateSchema,
  orderPatchSchema,
  orderSchema,
} from "@/lib/service-api/schemas";
import type { ErrorCode } from "@/lib/errors";
import { buildDocument, type Operation } from "@/lib/openapi/builder";
import { orderEndpoints } from "./endpoints/orders";
import { exchangeEndpoints } from "./endpoints/exchanges";
import { payoutLinkEndpoints } from "./endpoints/payout-links";
import { payEndpoints } from "./endpoints/pay";
import { browserEndpoints } from "./endpoints/browser";
import { auditEndpoints } from "./endpoints/audit";
import { viewEndpoints } from "./endpoints/views";
import { operationOf, type Endpoint, type PublicEndpoint } from "./endpoint";
import { streamOperations } from "./stream-operations";
import { apiKeyEndpoints } from "./endpoints/api-keys";
import { consoleEndpoints } from "./endpoints/console";
import { consoleSandboxEndpoints } from "./endpoints/console-sandbox";
import { requestLogEndpoints } from "./endpoints/request-logs";
import { scenarioEndpoints } from "./endpoints/scenarios";
import { searchEndpoints } from "./endpoints/search";
import { simulatorEndpoints } from "./endpoints/simulator";
import { webhookEventEndpoints } from "./endpoints/webhook-events";
import { accountEndpoints } from "./endpoints/account";
import { stepUpEndpoints } from "./endpoints/step-up";
import { securityPolicyEndpoints } from "./endpoints/security-policy";
import { notificationEndpoints } from "./endpoints/notifications";
import { mailEndpoints } from "./endpoints/mail";
import { timeZoneEndpoints } from "./endpoints/time-zone";
import { signInEndpoints } from "./endpoints/sign-in";
import { accountLinkEndpoints } from "./endpoints/account-links";
import { teamEndpoints } from "./endpoints/team";
import { credentialEndpoints } from "./endpoints/credentials";
import { agreementEndpoints } from "./endpoints/agreements";
import { reportEndpoints } from "./endpoints/reports";
import { exportEndpoints } from "./endpoints/exports";
import { forwardingEndpoints } from "./endpoints/forwarding";
import { scopeFor } from "@/lib/dashboard/auth/api-keys";

// OpenAPI 3.1 of the dashboard's own API (/api), generated from its contract module
// (lib/dashboard/contract/dashboard-api.ts) and the v1 schemas it passes through.

const signature = {
  name: "X-Signature-256",
  in: "header",
  required: true,
  description: "`sha256=` + HMAC-SHA256 of the raw body with the tenant's webhook secret (the prefix may be left out)",
  schema: { type: "string" },
};

/**
 * The endpoints defined once (lib/dashboard/api/endpoints/): served and documented from the same definition.
 * Their order is the document's: a schema two operations share is named after the first of them
 * (the team member's answer is UpdateTeamMemberResponse, though resetMemberSecondFactors answers it too).
 */
export const endpoints: (Endpoint | PublicEndpoint)[] = [
  ...orderEndpoints,
  ...exchangeEndpoints,
  ...payoutLinkEndpoints,
  ...payEndpoints,
  ...browserEndpoints,
  ...auditEndpoints,
  ...webhookEventEndpoints,
  ...searchEndpoints,
  ...requestLogEndpoints,
  ...scenarioEndpoints,
  ...simulatorEndpoints,
  ...consoleEndpoints,
  ...consoleSandboxEndpoints,
  ...apiKeyEndpoints,
  ...viewEndpoints,
  ...teamEndpoints,
  ...credentialEndpoints,
  ...agreementEndpoints,
  ...reportEndpoints,
  ...exportEndpoints,
  ...forwardingEndpoints,
  ...accountEndpoints,
  ...stepUpEndpoints,
  ...securityPolicyEndpoints,
  ...notificationEndpoints,
  ...mailEndpoints,
  ...timeZoneEndpoints,
];

/** The endpoints anyone may call (publicEndpoint) that the document lists last, after every signed-in one. */
export const publicEndpoints: PublicEndpoint[] = [...signInEndpoints, ...accountLinkEndpoints];

/** The operations that reveal a secret, move money or change who may act (apiRoute's stepUp). */
const stepUpOperations = new Set(endpoints.flatMap((e) => (e.access !== "public" && e.access.stepUp ? [e.doc.operationId] : [])));

/**
 * Who may call an operation: a session always; an API key (Bearer) with the scope it needs
 * (OpenAPI 3.1 lets a non-OAuth requirement name roles: here the key's scopes), unless keys are
 * not accepted there (the console, settings, one's own account).
 */
function withKeyScopes(op: Operation): Operation {
  if (op.security?.length === 0) return op;
  const needed = scopeFor(op.method.toUpperCase(), `/api${op.path}`, op.method !== "get");
  if (needed === null) return { ...op, security: [{ session: [] }] };
  const scopes = Array.isArray(needed) ? needed : [needed];
  const errors = new Set([...op.errors, "insufficient_scope" as const, "rate_limited" as const]);
  return { ...op, errors: [...errors], security: [{ session: [] }, ...scopes.map((scope) => ({ apiKey: [scope] }))] };
}

/**
 * Any signed-in call answers 403 second_factor_required while its person must still set up a
 * factor the policy asks for (their account's routes aside); a step-up operation also answers
 * 403 reauthentication_required without a factor confirmed within 5 minutes.
 */
function withSecondFactorRules(op: Operation): Operation {
  const errors = new Set(op.errors);
  const isPublic = op.security?.length === 0;
  if (op.tag !== "account" && !isPublic) errors.add("second_factor_required");
  if (stepUpOperations.has(op.operationId)) errors.add("reauthentication_required");
  return { ...op, errors: [...errors] };
}

function webhookOperations(origin: string): Operation[] {
  const common = {
    method: "post" as const,
    tag: "webhooks",
    servers: [{ url: origin, description: "The dashboard's origin" }],
    security: [],
    headers: [signature],
    body: { schema: "WebhookEvent" },
    success: {
      status: 200,
      description: "Stored (or a duplicate); the exchange is refreshed by GET afterwards",
      schema: webhookReceiptSchema,
    },
    errors: ["unauthorized", "invalid_request", "not_found", "payload_too_large"] satisfies ErrorCode[],
  };
  return [
    {
      ...common,
      path: "/webhook",
      operationId: "receiveWebhook",
      summary: "Receive a webhook (default tenant)",
      description:
        "The service's signed events for the default tenant. The signature is checked over the raw bytes before " +
        "anything else; a bad one is `401` and counted.",
    },
    {
      ...common,
      path: "/webhook/{endpointId}",
      operationId: "receiveTenantWebhook",
      summary: "Receive a webhook (one endpoint per tenant)",
      description: "As /webhook, for the tenant whose endpoint id this is (`admin tenants list` prints it).",
      pathParams: { endpointId: "The tenant's webhook endpoint id" },
    },
  ];
}

export function dashboardOpenApi(origin: string) {
  return buildDocument({
    title: "Exchange dashboard API",
    version: "1.0.0",
    description:
      "The dashboard's own API: an authenticated proxy to the exchange service's REST API v1 (same bodies, the " +
      "service's error codes passed through), the dashboard's index of orders and exchanges, live events, payout " +
      "links, and reports. Sign in at /login; mutations need role admin and a same-origin `Origin` header. Errors " +
      "are `{error, documentation_uri, details?}`.",
    serverUrl: `${origin}/api`,
    documentationBase: `${origin}/docs/errors`,
    tags: [
      { name: "orders", description: "Challenges and orders, proxied to the service and indexed" },
      { name: "exchanges", description: "Exchanges made known by webhooks, and their payouts" },
      { name: "payout links", description: "Public pages where end users collect a Lightning payout" },
      { name: "events", description: "Live events and received webhooks" },
      { name: "reports", description: "Overview and audit log" },
      { name: "webhooks", description: "The receiver of the service's signed webhooks" },
      { name: "simulator", description: "Test buttons for tenants whose upstream is this app's sandbox" },
      { name: "operator console", description: "Every tenant, user and exchange, and the sandbox's controls (operators)" },
      { name: "settings", description: "A tenant's team, webhook secret, API credentials and affiliate agreements (admins)" },
      { name: "api keys", description: "Keys of this API for the affiliate's own systems (admins)" },
      { name: "forwarding", description: "Webhooks handed on to the affiliate's own systems, signed per Standard Webhooks (admins)" },
      { name: "affiliate reports", description: "Agreements and shares, earnings reports, statements, payouts received, exports" },
      { name: "account", description: "Your own passkeys, authenticator app and recovery codes, and confirming it's you (step-up)" },
      { name: "sign-in", description: "What the sign-in page asks before next-auth's steps, and the mailed links' routes (public)" },
      { name: "notifications", description: "Your notifications (the bell) and how you receive each category" },
      { name: "views", description: "Saved views: a list's filters, range and sort under a name, yours or shared with the team" },
      { name: "request logs", description: "Every call to the service and to the sandbox, what was sent and answered, and its errors" },
      { name: "scenarios", description: "Sandbox scenarios: scripted orders, payments and exchange moves, run in the background" },
    ],
    securitySchemes: {
      session: {
        type: "apiKey",
        in: "cookie",
        name: "next-auth.session-token",
        description: "The session cookie set by signing in (`__Secure-next-auth.session-token` over https)",
      },
      apiKey: {
        type: "http",
        scheme: "bearer",
        description:
          "An API key made in Settings → API keys (`Authorization: Bearer dk_…`): no cookie, no Origin check. Each " +
          "operation names the scopes that open it (read: every GET; write: an admin's changes; reports: reports, " +
          "statements and exports; logs: the request logs); the operator console, settings and one's own account " +
          "take no key. 20 requests a second per key, in bursts of 100 (429 rate_limited).",
      },
    },
    security: [{ session: [] }],
    schemas: {
      ChallengeCreate: challengeCreateSchema,
      Challenge: challengeSchema,
      OrderCreate: orderCreateSchema,
      OrderPatch: orderPatchSchema,
      Order: orderSchema,
      OrderPage: orderPageSchema,
      Exchange: exchangeSchema,
      ExchangePayoutPatch: exchangePayoutPatchSchema,
      ExchangeListItem: exchangeListItemSchema,
      ExchangePage: exchangePageSchema,
      StoredEvents: storedEventsSchema,
      WebhookFrame: webhookFrameSchema,
      SnapshotFrame: snapshotFrameSchema,
      PayoutLink: payoutLinkSchema,
      PayoutLinkItem: payoutLinkItemSchema,
      PayoutLinkList: payoutLinkListSchema,
      PublicPayoutView: publicViewSchema,
      WebhookEvent: anyWebhookEventSchema,
      Error: errorBodySchema,
    },
    operations: [...endpoints.map(operationOf), ...streamOperations]
      .map(withSecondFactorRules)
      .map(withKeyScopes)
      .concat(publicEndpoints.map(operationOf), webhookOperations(origin)),
  });
}
