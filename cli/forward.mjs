import { setTimeout as sleep } from "node:timers/promises";
import { signedHeaders as standardHeaders } from "../lib/dashboard/forwarding/signed-headers.mjs";
import { signBody } from "../lib/service-api/webhook-signature.mjs";

// One stored webhook handed to the developer's local handler: the service's body byte for byte,
// signed with the listener's local secret, in one of two formats:
// - service: the headers the exchange service sends (Content-Type, User-Agent, X-Signature-256
//   = "sha256=" + the hex HMAC-SHA256 of the body, X-Correlation-Id, X-Retry-Count), so the
//   handler runs the verification it runs in production;
// - standard: Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature "v1,<base64>"),
//   as the dashboard's forwarding endpoints get them.
// Both are signed by the app's own code (lib/service-api/webhook-signature.mjs, which the sandbox
// signs and the dashboard verifies with, and lib/dashboard/forwarding/signed-headers.mjs, which
// the dashboard's forwarding signs with), so what the handler gets is what production sends.
// A refused or unreachable handler is tried again after 0.5, 1, 2, 4 … s; X-Retry-Count counts
// those attempts, as the service counts its own.

const TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 500;

/** @typedef {{ rawBody: string, seq: number, userAgent: string | null, correlationId: string | null }} Outgoing */
/** @typedef {{ status: number | null, error: string | null, durationMs: number, attempt: number }} Outcome */

/**
 * The headers of one attempt.
 * @param {"service" | "standard"} format
 * @param {{ service: string, standard: string }} secrets
 * @param {Outgoing} event
 * @param {number} attempt
 * @returns {Record<string, string>}
 */
export function signedHeaders(format, secrets, event, attempt) {
  if (format === "standard") return standardHeaders(`msg_seq${event.seq}`, event.rawBody, [secrets.standard], new Date());
  return {
    "content-type": "application/json",
    "user-agent": event.userAgent ?? "Sandbox-Webhook/1.0",
    "x-signature-256": signBody(event.rawBody, secrets.service),
    "x-correlation-id": event.correlationId ?? crypto.randomUUID(),
    "x-retry-count": String(attempt),
  };
}

/** One POST; never throws. @param {string} url @param {string} body @param {Record<string, string>} headers */
async function post(url, body, headers) {
  const started = performance.now();
  try {
    const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { status: null, error: cause, durationMs: Math.round(performance.now() - started) };
  }
}

/**
 * Delivers one event with up to `retries` retries; `onAttempt` hears every failed attempt.
 * @param {{ url: string, format: "service" | "standard", secrets: { service: string, standard: string }, retries: number,
 *   signal: AbortSignal, onFailedAttempt: (outcome: Outcome, waitMs: number | null) => void }} target
 * @param {Outgoing} event
 * @returns {Promise<Outcome>}
 */
export async function deliver(target, event) {
  for (let attempt = 0; ; attempt++) {
    const result = await post(target.url, event.rawBody, signedHeaders(target.format, target.secrets, event, attempt));
    const outcome = { ...result, attempt };
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    if (delivered || attempt >= target.retries || target.signal.aborted) return outcome;
    const waitMs = FIRST_RETRY_MS * 2 ** attempt;
    target.onFailedAttempt(outcome, waitMs);
    await sleep(waitMs, undefined, { signal: target.signal }).catch(() => undefined);
  }
}
