// What the request logs' rows and the contract (lib/dashboard/contract/request-logs-api.ts) share.

/** What a masked header, body field or query parameter holds instead of its value. */
export const MASK = "[masked]";
/** Bodies are kept up to this many bytes (UTF-8); the rest is cut, and the row says so. */
export const BODY_LIMIT_BYTES = 16 * 1024;
