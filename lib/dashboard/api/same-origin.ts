import { ApiError } from "@/lib/errors";
import { requestOrigin } from "@/lib/http/request-origin";

/**
 * A change made with a session cookie must come from our own pages: its Origin must be this
 * app's origin exactly, scheme, host and port (lib/http/request-origin.ts). Requests
 * without an Origin, or with "null", are refused.
 */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(requestOrigin(req)).origin;
  } catch {
    return false;
  }
}

/** Refuses a request from another origin (403 forbidden): for changes a browser's cookie makes. */
export function requireSameOrigin(req: Request): void {
  if (!isSameOrigin(req)) throw new ApiError("forbidden", "Cross-origin request refused");
}
