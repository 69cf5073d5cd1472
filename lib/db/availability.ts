import { ApiError } from "@/lib/errors";

// Telling "the database cannot be reached" (a failover, a restart, a network cut) from every
// other failure: the first is answered 503 database_unavailable with Retry-After, so clients and
// the service's webhook sender try again; the second stays a 500 that someone must look at.

/** Seconds a client is asked to wait: a managed failover takes 10 to 60 s. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** SQLSTATE classes and codes of a lost or refused connection. */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300", "58030"]);
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Connection refused/i,
  /cannot use a pool after calling end/i,
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * An error and what caused it, a few levels deep: drizzle wraps the driver's error, and a refused
 * connection to "localhost" tries each address (an AggregateError of one per address).
 */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (depth > 5 || !error || typeof error !== "object") return;
  const link = error as ErrorLike;
  yield link;
  if (Array.isArray(link.errors)) for (const each of link.errors) yield* chain(each, depth + 1);
  yield* chain(link.cause, depth + 1);
}

/** Whether an error (or what caused it) says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (typeof code === "string" && (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a statement PostgreSQL ended so that others could go on: deadlock_detected (two
 * transactions waiting for each other's rows) and serialization_failure. Nothing was wrong with
 * it; run again, it passes.
 */
const CONFLICT_STATES = new Set(["40P01", "40001"]);

/**
 * PostgreSQL's reason when an error (or what caused it) is a statement it ended to break a
 * deadlock or a serialization conflict, as "deadlock detected (40P01)"; else null.
 */
export function writeConflict(error: unknown): string | null {
  for (const { code, message } of chain(error))
    if (typeof code === "string" && CONFLICT_STATES.has(code)) return `${typeof message === "string" ? message : "conflict"} (${code})`;
  return null;
}

/** Whether an error (or what caused it) is PostgreSQL ending a statement to break a deadlock or a serialization conflict. */
export const isWriteConflict = (error: unknown): boolean => writeConflict(error) !== null;

/** How often a statement is run in all when PostgreSQL ends it to break a deadlock. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs `statement` and, when PostgreSQL ended it to break a deadlock or a serialization conflict
 * (nothing of it was kept), runs it again at once, up to three times in all; `onRetry` hears of
 * each conflict it tries again after. Only for a statement that runs on its own: inside a
 * transaction, the transaction is lost with it.
 */
export async function retryingConflicts<T>(statement: () => Promise<T>, onRetry: (conflict: string, attempt: number) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      const conflict = writeConflict(error);
      if (conflict === null || attempt >= CONFLICT_ATTEMPTS) throw error;
      onRetry(conflict, attempt);
    }
  }
}

/** The API's answer while the database is out of reach. */
export function databaseUnavailable(): ApiError {
  return new ApiError("database_unavailable", "The database cannot be reached right now", undefined, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });
}
