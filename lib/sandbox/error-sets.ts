import type { ErrorCode } from "@/lib/errors";

// The error codes most of the sandbox's endpoints share, named once for their OpenAPI operations.

/** Any call of the REST API v1: its client_id, its rate limit, and what it names. */
export const v1Errors = ["unauthorized", "not_found", "rate_limited"] as const satisfies ErrorCode[];

/** What of a JSON body is refused. */
export const bodyErrors = ["invalid_request", "payload_too_large", "unsupported_media_type"] as const satisfies ErrorCode[];

/** An operator call with a JSON body: the operator key, and what of the body is refused. */
export const operatorErrors = [
  "unauthorized",
  "invalid_request",
  "payload_too_large",
  "unsupported_media_type",
] as const satisfies ErrorCode[];
