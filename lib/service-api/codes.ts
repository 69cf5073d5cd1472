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
