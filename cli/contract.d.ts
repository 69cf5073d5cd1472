// Made by `npm run cli:contract` from lib/dashboard/contract (cli-contract.ts): do not edit.
export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description data of `event: webhook` (SSE id = seq) */
    webhookFrame: {
      seq: number;
      event: string | null;
      exchange_id: string | null;
      order_id: string | null;
      /** Format: date-time */
      received_at: string;
    };
    webhookEventPage: {
      data: {
        seq: number;
        event: string | null;
        exchange_id: string | null;
        order_id: string | null;
        correlation_id: string | null;
        retry_count: number | null;
        /** Format: date-time */
        received_at: string;
        /** @constant */
        signature: "valid";
      }[];
      next_before: number | null;
      next_after: number | null;
      /** @description The rows the filters and range match (at most 10 000) */
      total: number;
      /** @description false: more than 10 000 match (shown as 10 000+) */
      total_exact: boolean;
    };
    webhookEventDetail: {
      seq: number;
      event: string | null;
      exchange_id: string | null;
      order_id: string | null;
      correlation_id: string | null;
      retry_count: number | null;
      /** Format: date-time */
      received_at: string;
      /** @constant */
      signature: "valid";
      headers: {
        [key: string]: string;
      };
      raw_body: string;
    };
    webhookHealth: {
      webhook_url: string;
      last_received_at: string | null;
      last_event: string | null;
      events_24h: number;
      rejections_24h: number;
    };
    eventResent: {
      seq: number;
      forwarding_deliveries: number;
    };
    endpointList: {
      data: {
        /** Format: uuid */
        id: string;
        url: string;
        description: string;
        event_types: string[] | null;
        enabled: boolean;
        disabled_reason: string | null;
        disabled_at: string | null;
        previous_secret_expires_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        health: {
          success_rate_24h: number | null;
          attempts_24h: number;
          last_success_at: string | null;
          failing_since: string | null;
          pending: number;
        };
      }[];
    };
    /** @description data of `event: request_log` (no SSE id) */
    requestLogFrame: {
      id: number;
      count: number;
    };
    requestLogPage: {
      data: {
        id: number;
        /** @enum {string} */
        source: "dashboard" | "integration";
        /** Format: date-time */
        created_at: string;
        method: string;
        path: string;
        route: string;
        query: string | null;
        status: number;
        error_code: string | null;
        duration_ms: number;
        request_id: string | null;
        correlation_id: string | null;
        client_key: string | null;
        dashboard_request_id: string | null;
        user_id: string | null;
        api_key_id: string | null;
        exchange_id: string | null;
        order_id: string | null;
      }[];
      next_before: number | null;
    };
    scenarioRun: {
      /** Format: uuid */
      id: string;
      scenario: string;
      document_name: string | null;
      /** @enum {string} */
      status: "running" | "succeeded" | "failed";
      exchange_id: string | null;
      order_id: string | null;
      steps: {
        name: string;
        /** @enum {string} */
        kind: "create_order" | "pay" | "lnurl_withdraw" | "move" | "advance_clock" | "wait_for_event";
        /** @enum {string} */
        status: "pending" | "running" | "succeeded" | "failed";
        result?: {
          [key: string]: unknown;
        };
        error?: string;
        failure?:
          | {
              /** @constant */
              code: "event_timeout";
              event: string;
              stored: number;
              count: number;
              seconds: number;
            }
          | {
              /** @constant */
              code: "upstream_refused";
              method: string;
              path: string;
              status: number;
              error: string;
            }
          | {
              /** @constant */
              code: "step_missing";
              /** @enum {string} */
              needs: "create_order" | "pay" | "lnurl_withdraw";
            }
          | {
              /** @constant */
              code: "not_lightning";
            }
          | {
              /** @constant */
              code: "no_lnurl_withdraw";
            }
          | {
              /** @constant */
              code: "lnurl_no_request";
            }
          | {
              /** @constant */
              code: "lnurl_refused";
              reason: string;
            };
        /** Format: date-time */
        started_at?: string;
        /** Format: date-time */
        finished_at?: string;
      }[];
      /** Format: date-time */
      created_at: string;
      finished_at: string | null;
    };
    scenarioList: {
      data: {
        name: string;
        description: string;
        values: {
          [key: string]: string | number;
        };
        steps: (
          | {
              name: string;
              /** @constant */
              kind: "create_order";
              payout: ("onchain" | "lightning") | string;
              currency: ("eur" | "chf" | "gbp") | string;
            }
          | {
              name: string;
              /** @constant */
              kind: "pay";
              amount: number | string;
              currency: ("eur" | "chf" | "gbp") | string;
              outcome?:
                | (
                    | "identification_required"
                    | "threshold_exceeded"
                    | "order_inactive"
                    | "companies_unsupported"
                    | "country_unsupported"
                    | "other_risk_detected"
                    | "customer_requested"
                    | "account_not_matching"
                    | "payout_expired"
                  )
                | string;
            }
          | {
              name: string;
              /** @constant */
              kind: "lnurl_withdraw";
            }
          | {
              name: string;
              /** @constant */
              kind: "move";
              to:
                | ("executed" | "identification_rejected" | "broadcast" | "confirmed" | "payout_paid" | "payout_failed" | "refunded")
                | string;
              code?:
                | (
                    | "threshold_exceeded"
                    | "order_inactive"
                    | "companies_unsupported"
                    | "country_unsupported"
                    | "other_risk_detected"
                    | "customer_requested"
                    | "account_not_matching"
                    | "payout_expired"
                  )
                | string;
            }
          | {
              name: string;
              /** @constant */
              kind: "advance_clock";
              seconds: number | string;
            }
          | {
              name: string;
              /** @constant */
              kind: "wait_for_event";
              event: ("exchange.executed" | "exchange.interrupted" | "exchange.refunded" | "exchange.settled") | string;
              count?: number | string;
              timeout_seconds?: number | string;
            }
        )[];
        events: ("exchange.executed" | "exchange.interrupted" | "exchange.refunded" | "exchange.settled")[];
      }[];
    };
    /** @description data of `event: scenario_run` (no SSE id) */
    scenarioRunFrame: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      status: "running" | "succeeded" | "failed";
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
