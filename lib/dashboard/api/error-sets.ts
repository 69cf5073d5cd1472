import type { ErrorCode } from "@/lib/errors";

// The error codes most of the dashboard's routes share, named once for their OpenAPI operations.

/** Any route behind a session or an API key. */
export const signedIn = ["unauthorized"] as const satisfies ErrorCode[];

/** A route that calls the exchange service and passes its failures on. */
export const upstream = ["upstream_unavailable", "upstream_invalid_response", "upstream_timeout"] as const satisfies ErrorCode[];

/** A change with a JSON body: who may make it, and what of the body is refused. */
export const mutation = [
  "unauthorized",
  "forbidden",
  "invalid_request",
  "payload_too_large",
  "unsupported_media_type",
] as const satisfies ErrorCode[];
