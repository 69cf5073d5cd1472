import "server-only";
import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// The dashboard's own calls to this app's sandbox (docs/request-logs.md#one-row-per-call): the
// dashboard records each of them itself, under its tenant and what caused it, so the sandbox must
// not record them again as the API client's. The dashboard says "this call is mine" with a mark
// no integration can make: an HMAC, keyed from the sandbox's operator key (which only this app and
// its operator hold), over the call's own request id, the time it was made, its method and its
// Authorization. The sandbox leaves a call out of its log only for a mark that verifies and is at
// most MARK_LIFETIME_S from its clock; a forged, stale or copied mark (another request id, method
// or client) is recorded as the integration's, as if there were none. The mark's header is masked
// in every row (its name holds "signature"), so no row shows one to copy.

export const OWN_CALL_HEADER = "x-dashboard-call-signature";
/** How far a mark's time may be from the sandbox's clock (a call and its one retry take at most 20 s). */
export const MARK_LIFETIME_S = 60;

const markPattern = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** What a mark is made over: the request id the call is sent and served under, its time (Unix seconds), method and credential. */
export type MarkedCall = { requestId: string; at: number; method: string; authorization: string };

/** The HMAC of a call (hex), keyed from the operator key (a key of its own, so no key of the operator API). */
function macOf(operatorKey: string, call: MarkedCall): string {
  const key = createHmac("sha256", operatorKey).update("request-log: the dashboard's own call").digest();
  const credential = createHash("sha256").update(call.authorization).digest("hex");
  return createHmac("sha256", key).update(`${call.requestId}\n${call.at}\n${call.method.toUpperCase()}\n${credential}`).digest("hex");
}

/** The mark's value for a call, made with the operator key. */
export const ownCallMark = (operatorKey: string, call: MarkedCall): string => `t=${call.at},v1=${macOf(operatorKey, call)}`;

/** The operator key, with the sandbox on and calls recorded (a dashboard that records nothing marks nothing); else null. */
function operatorKey(): string | null {
  const config = env();
  const key = config.secrets.SANDBOX_OPERATOR_KEY;
  return config.sandboxEnabled && config.requestLog && key ? key : null;
}

/** The headers that make a call to this app's sandbox the dashboard's own: a request id of its own and the mark over it. */
export function ownCallHeaders(call: { method: string; authorization: string }, now = Date.now()): Record<string, string> {
  const key = operatorKey();
  if (!key) return {};
  const requestId = randomUUID();
  return { "x-request-id": requestId, [OWN_CALL_HEADER]: ownCallMark(key, { ...call, requestId, at: Math.floor(now / 1000) }) };
}

/** Whether a request to the sandbox carries a good mark of the dashboard's, for the request id it was served under. */
export function isOwnCall(req: { method: string; headers: Headers }, requestId: string, now = Date.now()): boolean {
  const found = markPattern.exec(req.headers.get(OWN_CALL_HEADER) ?? "");
  const key = found ? operatorKey() : null;
  if (!found || !key) return false;
  const at = Number(found[1]);
  if (Math.abs(now / 1000 - at) > MARK_LIFETIME_S) return false;
  const expected = macOf(key, { requestId, at, method: req.method, authorization: req.headers.get("authorization") ?? "" });
  // both 32 bytes: the pattern took 64 hex digits
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(found[2] ?? "", "hex"));
}
