import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { serverRuntime } from "@/lib/runtime/server-runtime.mjs";

// Logs are JSON lines (pino) on standard output: time, level, msg, the component, and while a
// request is served its request id, tenant and user (lib/runtime/server-runtime.mjs). LOG_LEVEL
// sets the level, LOG_FORMAT=pretty gives readable lines on a terminal. Never log a password,
// cookie, signature, secret or webhook body: fields of those names are redacted all the same.

/** A component's logger: `logger("webhook").info({ exchange_id }, "stored")`. */
export function logger(component: string): Logger {
  return serverRuntime().logger.child({ component });
}

/**
 * An error as a log field: its message, never the values it may carry. A failed query's message
 * lists the statement's parameters (a webhook's body and headers, a password hash): they go.
 */
export function errorText(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return withoutParams(String(error));
  // a wrapper's cause says why (drizzle's "Failed query" wraps PostgreSQL's "deadlock detected")
  const cause = error.cause !== undefined && depth < 3 ? `; caused by: ${causeText(error.cause, depth + 1)}` : "";
  return withoutParams(error.message) + cause;
}

/**
 * A cause's text. A database's error gives its reason and SQLSTATE only, without the value it may
 * quote after a colon (a failed cast names the input: `invalid input syntax for type uuid: "…"`),
 * as the failed query's parameters are left out.
 */
function causeText(cause: unknown, depth: number): string {
  const code = cause instanceof Error ? (cause as { code?: unknown }).code : undefined;
  if (cause instanceof Error && typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return `${cause.message.split(": ")[0]} (${code})`;
  return errorText(cause, depth);
}

/** An error's stack for an unexpected failure, without a failed query's parameters. */
export function errorStack(error: unknown): string {
  return withoutParams(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [left out]");
}

/** The id of the request being served: the one the server took from X-Request-Id or made. */
export function requestId(): string {
  return serverRuntime().requests.getStore()?.requestId ?? randomUUID();
}

/**
 * Facts of what the request did (a stored webhook's event, exchange and sequence), written on its
 * one "request answered" line instead of a line of their own: a webhook costs one log line.
 */
export function describeRequest(facts: Record<string, string | number | null>): void {
  const ctx = serverRuntime().requests.getStore();
  if (ctx) ctx.facts = { ...ctx.facts, ...facts };
}

/** Names the tenant and user (and API key) of the request being served, for its log lines and the request log. */
export function identifyRequest(tenantId: string | undefined, userId: string | undefined, apiKeyId?: string): void {
  const ctx = serverRuntime().requests.getStore();
  if (!ctx) return;
  if (apiKeyId) ctx.apiKeyId = apiKeyId;
  if (tenantId) ctx.tenantId = tenantId;
  if (userId) ctx.userId = userId;
}
