import { orderCreateErrors, payoutErrors } from "@/lib/openapi/error-sets";

// The service's reason and failure codes, apart from the schemas that use them, so a page can list
// them without carrying the v1 contract.

export const refundCodes = [
  "threshold_exceeded",
  "order_inactive",
  "companies_unsupported",
  "country_unsupported",
  "other_risk_detected",
  "customer_requested",
  "account_not_matching",
  "payout_expired",
] as const;
export const invoiceFailureCodes = ["no_route", "invoice_expired", "error"] as const;
export const channelFailureCodes = ["min_chan_size", "connect_error", "push_amt_rejected", "error"] as const;

/**
 * The error codes of the service's REST API v1, as docs/exchange-api.md#errors lists them (the
 * PATCH exchange codes are the service's own). An upstream's `error` outside them is not passed
 * on, shown or stored as a code: it becomes `upstream_error` (text from an upstream is data).
 */
export const serviceErrorCodes = [
  "invalid_request",
  ...orderCreateErrors,
  ...payoutErrors,
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
] as const;
export type ServiceErrorCode = (typeof serviceErrorCodes)[number];

/** What an upstream's error code outside serviceErrorCodes becomes. */
export const UNKNOWN_UPSTREAM_CODE = "upstream_error";
