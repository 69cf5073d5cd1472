import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { webhookRejections } from "@/lib/db/schema";
import { tenantForWebhook, type Tenant } from "@/lib/auth/tenants";
import { stateOfEvent } from "@/lib/exchange/exchange-state";
import { anyWebhookEventSchema } from "@/lib/exchange/schemas";
import { scheduleRefresh } from "@/lib/exchanges/refresh-queue";
import { storeAndPublish } from "./store-event";
import { SIGNATURE_HEADER, verifySignature } from "./sign";

const MAX_BODY_BYTES = 1024 * 1024;
const uuid = z.guid();

const reply = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

async function reject(db: Db, tenant: Tenant | null, endpoint: string, reason: string, correlationId: string | null, raw: string) {
  console.warn(`[webhook] ${endpoint}: rejected (${reason}), correlation id ${correlationId ?? "none"}`);
  await db.insert(webhookRejections).values({
    tenantId: tenant?.id ?? null,
    endpoint,
    reason,
    correlationId,
    bodySha256: createHash("sha256").update(raw).digest("hex"),
    receivedAt: new Date(),
  });
}

const idOf = (value: unknown) => (uuid.safeParse(value).success ? (value as string).toLowerCase() : null);

/**
 * POST /webhook and /webhook/{endpointId}: raw body → verify → parse → store → publish → 200,
 * in that order; the exchange snapshot is refreshed by GET afterwards (refresh queue).
 */
export async function receiveWebhook(req: Request, endpointId: string | null): Promise<Response> {
  const db = await getDb();
  const endpoint = endpointId ? `/webhook/${endpointId}` : "/webhook";
  const correlationId = req.headers.get("x-correlation-id");
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return reply(413, { error: "payload_too_large" });
  const raw = await req.text();
  if (raw.length > MAX_BODY_BYTES) return reply(413, { error: "payload_too_large" });

  const tenant = await tenantForWebhook(db, endpointId);
  if (!tenant) return reply(404, { error: "not_found" });
  if (!verifySignature(raw, tenant.webhookSecret, req.headers.get(SIGNATURE_HEADER))) {
    await reject(db, tenant, endpoint, req.headers.get(SIGNATURE_HEADER) ? "invalid signature" : "missing signature", correlationId, raw);
    return reply(401, { error: "unauthorized" });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    await reject(db, tenant, endpoint, "malformed JSON", correlationId, raw);
    return reply(400, { error: "invalid_request" });
  }
  // unknown event types and fields are stored and shown, never rejected
  const parsed = anyWebhookEventSchema.safeParse(json);
  const eventType = parsed.success ? parsed.data.event.slice(0, 100) : null;
  const payload = parsed.success ? parsed.data.payload : {};
  const exchangeId = idOf(payload.exchange_id);
  const orderId = idOf(payload.order_id);
  const retry = Number(req.headers.get("x-retry-count"));
  const stored = await storeAndPublish(db, {
    tenantId: tenant.id,
    bodySha256: createHash("sha256").update(raw).digest("hex"),
    rawBody: raw,
    eventType,
    exchangeId,
    orderId,
    correlationId: correlationId?.slice(0, 100) ?? null,
    retryCount: Number.isInteger(retry) ? retry : null,
    userAgent: req.headers.get("user-agent")?.slice(0, 200) ?? null,
    receivedAt: new Date(),
    state: stateOfEvent(eventType),
  });
  if (stored === null) return reply(200, { received: true, duplicate: true });
  console.log(`[webhook] ${tenant.name}: ${eventType ?? "(no event type)"} ${exchangeId ?? ""} correlation id ${correlationId ?? "none"}`);
  if (exchangeId) scheduleRefresh(db, tenant, exchangeId);
  return reply(200, { received: true, id: stored });
}
