import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { requestOrigin } from "@/lib/http/request-origin";
import { ApiError, errorBody, errorStatus, type ErrorCode } from "@/lib/errors";
import { readCapped } from "@/lib/http/read-body";
import { firstUnstorable, UNSTORABLE_MESSAGE } from "@/lib/http/storable-text";
import { nestsDeeperThan, tooDeep } from "@/lib/http/json-text";
import { getDb, type Db } from "@/lib/db/client";
import { tenantForWebhook, type Tenant } from "@/lib/dashboard/auth/tenants";
import { stateOfEvent } from "@/lib/service-api/exchange-state";
import { anyWebhookEventSchema } from "@/lib/service-api/schemas";
import { scheduleRefresh } from "@/lib/dashboard/exchanges/refresh-queue";
import { serviceTime } from "@/lib/service-api/client";
import { recordRejection } from "./record-rejection";
import { storeAndPublish } from "./store-event";
import { SIGNATURE_HEADER, verifySignature } from "@/lib/service-api/webhook-signature.mjs";
import type { WebhookReceipt } from "@/lib/dashboard/contract/dashboard-api";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/db/availability";
import { SealedDataError } from "@/lib/dashboard/auth/encryption";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";
import { describeRequest, errorStack, errorText, logger } from "@/lib/log";

const log = logger("webhook");

/** Webhook bodies are small JSON objects; anything past this is refused unread. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const uuid = z.guid();

function reply(status: number, body: Record<string, unknown>) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

function fail(req: Request, refusal: ErrorCode | ApiError): Response {
  const error = refusal instanceof ApiError ? refusal : new ApiError(refusal);
  const response = reply(errorStatus[error.code], errorBody(error, `${requestOrigin(req)}/docs/errors`));
  for (const [name, value] of Object.entries(error.headers ?? {})) response.headers.set(name, value);
  return response;
}

/**
 * POST /webhook and /webhook/{endpointId}. While the database cannot be reached the answer is
 * 503 with Retry-After: nothing was stored, and the service sends the webhook again.
 */
export async function receiveWebhook(req: Request, endpointId: string | null): Promise<Response> {
  try {
    return await receive(req, endpointId);
  } catch (error) {
    if (error instanceof SealedDataError) {
      // the tenant's secret cannot be opened with this key: nothing stored, and the service sends it again
      log.error({ err: error.message }, "a webhook could not be checked: the tenant's secret is sealed with another key");
      return fail(req, new ApiError("credentials_unreadable", error.message));
    }
    if (!isDatabaseUnavailable(error)) {
      // logged here, without the failed query's parameters (the body and its signature)
      log.error({ err: errorStack(error) }, "a webhook could not be stored");
      return fail(req, "internal_error");
    }
    log.warn({ err: errorText(error) }, "webhook refused: the database cannot be reached; the service will send it again");
    return fail(req, databaseUnavailable());
  }
}

async function reject(db: Db, tenant: Tenant, endpoint: string, reason: string, correlationId: string | null, raw: string) {
  log.warn({ endpoint, reason, correlation_id: correlationId }, "webhook rejected");
  serverRuntime().metrics.webhooksRejected.inc({ reason });
  await recordRejection(db, { tenantId: tenant.id, endpoint, reason, correlationId, body: raw, at: new Date() });
}

/** The current secret, or during a rotation's overlap the one before it. */
function signedByTenant(bytes: Buffer, tenant: Tenant, header: string | null): boolean {
  if (verifySignature(bytes, tenant.webhookSecret, header)) return true;
  const previous = tenant.previousWebhookSecret;
  return previous !== null && previous.until.getTime() > Date.now() && verifySignature(bytes, previous.secret, header);
}

/** Credentials a proxy or a browser might add: never stored, never shown. */
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);
const MAX_HEADERS = 50;
const MAX_HEADER_LENGTH = 500;
/** A correlation id is a UUID; a longer one is cut before it is logged or stored. */
const MAX_CORRELATION_ID = 100;

/** The headers /events shows with a received webhook: bounded in number and length, credentials left out. */
export function shownHeaders(headers: Headers): Record<string, string> {
  const shown: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of headers) {
    if (SECRET_HEADERS.has(name)) continue;
    if (++count > MAX_HEADERS) break;
    shown[name] = value.slice(0, MAX_HEADER_LENGTH);
  }
  return shown;
}

const idOf = (value: unknown) => (uuid.safeParse(value).success ? (value as string).toLowerCase() : null);

/**
 * Raw body → verify → parse → store → publish → 200, in that order; the exchange snapshot is
 * refreshed by GET afterwards (refresh queue).
 */
async function receive(req: Request, endpointId: string | null): Promise<Response> {
  const db = await getDb();
  const endpoint = endpointId ? `/webhook/${endpointId}` : "/webhook";
  // a header's value reaches the log and the database cut to a sane length
  const correlationId = req.headers.get("x-correlation-id")?.slice(0, MAX_CORRELATION_ID) ?? null;
  const tenant = await tenantForWebhook(db, endpointId);
  if (!tenant) {
    serverRuntime().metrics.webhooksRejected.inc({ reason: "unknown endpoint" });
    return fail(req, "not_found");
  }
  if (tenant.disabled) {
    // refused unread: the service sends it again on its retry schedule, in time for an enabled tenant
    await reject(db, tenant, endpoint, "tenant disabled", correlationId, "");
    return fail(req, new ApiError("tenant_disabled", "An operator disabled this tenant"));
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(req, WEBHOOK_BODY_LIMIT);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    serverRuntime().metrics.webhooksRejected.inc({ reason: error.code === "payload_too_large" ? "too large" : "unreadable body" });
    return fail(req, error.code);
  }
  // verified on the exact bytes received; text only for storing and parsing
  const raw = bytes.toString("utf8");
  if (!signedByTenant(bytes, tenant, req.headers.get(SIGNATURE_HEADER))) {
    await reject(db, tenant, endpoint, req.headers.get(SIGNATURE_HEADER) ? "invalid signature" : "missing signature", correlationId, raw);
    return fail(req, "unauthorized");
  }
  // nested deeper than any event (lib/http/json-text.ts): refused before anything walks it
  if (nestsDeeperThan(raw)) {
    await reject(db, tenant, endpoint, "nested too deep", correlationId, raw);
    return fail(req, tooDeep());
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    await reject(db, tenant, endpoint, "malformed JSON", correlationId, raw);
    return fail(req, "invalid_request");
  }
  // signed, but holding text the database cannot store: refused as bad input, and counted
  const unstorable = firstUnstorable(json);
  if (unstorable !== null) {
    await reject(db, tenant, endpoint, "unstorable text", correlationId, raw);
    return fail(req, new ApiError("invalid_request", UNSTORABLE_MESSAGE, [{ path: unstorable, message: UNSTORABLE_MESSAGE }]));
  }
  // unknown event types and fields are stored and shown, never rejected
  const parsed = anyWebhookEventSchema.safeParse(json);
  const eventType = parsed.success ? parsed.data.event.slice(0, 100) : null;
  const payload = parsed.success ? parsed.data.payload : {};
  const exchangeId = idOf(payload.exchange_id);
  const orderId = idOf(payload.order_id);
  const retry = Number(req.headers.get("x-retry-count"));
  const receivedAt = new Date();
  const stored = await storeAndPublish(db, {
    tenantId: tenant.id,
    bodySha256: createHash("sha256").update(raw).digest("hex"),
    rawBody: raw,
    eventType,
    exchangeId,
    orderId,
    correlationId,
    retryCount: Number.isInteger(retry) ? retry : null,
    userAgent: req.headers.get("user-agent")?.slice(0, 200) ?? null,
    headers: shownHeaders(req.headers),
    receivedAt,
    serviceReceivedAt: serviceTime(tenant.baseUrl, receivedAt.getTime()),
    state: stateOfEvent(eventType),
  });
  const { metrics } = serverRuntime();
  metrics.webhooksReceived.inc();
  if (stored === null) {
    metrics.webhooksDuplicated.inc();
    return reply(200, { received: true, duplicate: true } satisfies WebhookReceipt);
  }
  // on the request's one line (scripts/server.mjs), not a line of its own: at a burst, a second
  // synchronous line per webhook was a twentieth of the receiver's time
  describeRequest({ event: eventType, exchange_id: exchangeId, correlation_id: correlationId, seq: stored });
  if (exchangeId) scheduleRefresh(db, tenant, exchangeId);
  return reply(200, { received: true, seq: stored } satisfies WebhookReceipt);
}
