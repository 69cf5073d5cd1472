import { z } from "zod";

// One error table (docs/exchange-api.md#errors): code → HTTP status.
export const errorStatus = {
  invalid_request: 400,
  invalid_signature: 400,
  challenge_not_found: 400,
  challenge_expired: 400,
  challenge_used: 400,
  fee_rate_out_of_range: 400,
  invalid_iban: 400,
  unsupported_currency: 400,
  invalid_address: 400,
  address_network: 400,
  invalid_extended_public_key: 400,
  derivation_mismatch: 400,
  invalid_node_pubkey: 400,
  affiliate_not_found: 400,
  in_progress: 400,
  already_completed: 400,
  unexpected_node_pubkey: 400,
  invoice_amount: 400,
  invoice_network: 400,
  invoice_expired: 400,
  invalid_invoice: 400,
  channel_payout_not_allowed: 400,
  node_address_required: 400,
  connect: 400,
  offer_expired: 400,
  lightning_address_invalid: 400,
  lightning_address_not_found: 400,
  lightning_address_amount: 400,
  lightning_address_refused: 400,
  // the end user's address leads nowhere usable: their input, not our outage
  lightning_address_unreachable: 400,
  invalid_code: 400,
  invalid_passkey: 400,
  forwarding_url_refused: 400,
  unauthorized: 401,
  api_key_inactive: 401,
  forbidden: 403,
  reauthentication_required: 403,
  second_factor_required: 403,
  insufficient_scope: 403,
  tenant_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  payout_not_available: 409,
  payout_link_open: 409,
  invalid_transition: 409,
  clock_limit: 409,
  conflict: 409,
  payout_link_revoked: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  credentials_unreadable: 502,
  upstream_invalid_response: 502,
  upstream_error: 502,
  upstream_timeout: 504,
  database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * A field at fault: its path and an English message, and zod's issue code with the bound or the
 * kind it broke, for a client to say the same in the reader's language (`too_small`, minimum 0).
 */
export type ErrorDetail = {
  path: string;
  message: string;
  code?: string;
  minimum?: number;
  maximum?: number;
  inclusive?: boolean;
  origin?: string;
  expected?: string;
  format?: string;
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
    /** Headers the error response carries (e.g. Allow on a 405). */
    readonly headers?: Record<string, string>,
    /** Fields the error body carries beside error, documentation_uri and details (e.g. payout_link_open's open_links). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = "ApiError";
    this.status = errorStatus[code];
  }
}

/** Zod's error, thrown by the full and the mini API alike (the browser's bundle has only the mini one). */
export type SchemaError = z.core.$ZodError;

export function detailsFromZod(error: SchemaError): ErrorDetail[] {
  return error.issues.map((issue) => {
    const bound = (value: unknown) => (typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined);
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    const said = issue as {
      minimum?: unknown;
      maximum?: unknown;
      inclusive?: unknown;
      origin?: unknown;
      expected?: unknown;
      format?: unknown;
    };
    const detail: ErrorDetail = {
      path: issue.path.map(String).join(".") || "(body)",
      message: issue.message,
      code: issue.code,
      minimum: bound(said.minimum),
      maximum: bound(said.maximum),
      inclusive: typeof said.inclusive === "boolean" ? said.inclusive : undefined,
      origin: text(said.origin),
      expected: text(said.expected),
      format: text(said.format),
    };
    return Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== undefined)) as ErrorDetail;
  });
}

export function invalidRequest(error: SchemaError): ApiError {
  return new ApiError("invalid_request", "The request does not match the expected shape", detailsFromZod(error));
}

/** Parses input with a schema; failure is a 400 invalid_request listing the fields. */
export function parseOrThrow<T extends z.core.$ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw invalidRequest(result.error);
  return result.data;
}

export function errorBody(error: ApiError, documentationBase: string) {
  return {
    ...error.extra,
    error: error.code,
    documentation_uri: `${documentationBase}#${error.code}`,
    ...(error.details ? { details: error.details } : {}),
  };
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route handler for every method (405 and 404 answers). */
export function everyMethod<H>(handler: H): Record<HttpMethod, H> {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

/** 405 for a method the path does not serve, naming the ones it does in Allow. */
export function methodNotAllowed(allowed: readonly HttpMethod[]): ApiError {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return new ApiError("method_not_allowed", `This path answers ${allowed.join(", ")} only`, undefined, { Allow: allow });
}
