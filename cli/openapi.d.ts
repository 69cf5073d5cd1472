/* eslint-disable max-len */
/* Made by `npm run cli:contract` from the dashboard's OpenAPI document (lib/dashboard/api/openapi.ts, GET /api/openapi.json): the operations the command line calls. Do not edit. */
export interface paths {
  "/webhook-events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Received webhooks */
    get: operations["listWebhookEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook-events/{seq}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One received webhook */
    get: operations["getWebhookEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook-events/{seq}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Forward a received webhook again */
    post: operations["resendWebhookEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook-events/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Is the service reaching us */
    get: operations["getWebhookHealth"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/request-logs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Request logs */
    get: operations["listRequestLogs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/scenarios": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Built-in scenarios */
    get: operations["listScenarios"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/scenarios/{name}/runs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run a scenario */
    post: operations["runScenario"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/scenario-runs/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One scenario run */
    get: operations["getScenarioRun"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/forwarding/endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The tenant's forwarding endpoints */
    get: operations["listForwardingEndpoints"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The tenant's live events */
    get: operations["streamEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description data of `event: webhook` (SSE id = seq) */
    WebhookFrame: {
      seq: number;
      event: string | null;
      exchange_id: string | null;
      order_id: string | null;
      /** Format: date-time */
      received_at: string;
    };
    /** @description data of `event: snapshot` (no SSE id) */
    SnapshotFrame: {
      /** Format: uuid */
      exchange_id: string;
      /** @enum {string} */
      state: "executed" | "interrupted" | "refunded" | "settled";
    };
    ListWebhookEventsResponse: {
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
    GetWebhookEventResponse: {
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
    ResendWebhookEventResponse: {
      seq: number;
      forwarding_deliveries: number;
    };
    GetWebhookHealthResponse: {
      webhook_url: string;
      last_received_at: string | null;
      last_event: string | null;
      events_24h: number;
      rejections_24h: number;
    };
    ListRequestLogsResponse: {
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
    ListScenariosResponse: {
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
    RunScenarioRequest: {
      set?: {
        [key: string]: string | number;
      };
      /** @description A sandbox scenario (docs/scenarios.md) */
      document?: {
        name: string;
        description: string;
        values?: {
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
      };
    };
    RunScenarioResponse: {
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
    ListForwardingEndpointsResponse: {
      data: components["schemas"]["GetForwardingEndpointResponse"][];
    };
    GetForwardingEndpointResponse: {
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
    };
    StreamEventsResponse:
      | components["schemas"]["WebhookFrame"]
      | components["schemas"]["SnapshotFrame"]
      | components["schemas"]["NotificationFrame"]
      | components["schemas"]["RequestLogFrame"]
      | components["schemas"]["ScenarioRunFrame"]
      | components["schemas"]["WebhookResentFrame"];
    /** @description data of `event: notification`: empty (no SSE id) */
    NotificationFrame: Record<string, never>;
    /** @description data of `event: request_log` (no SSE id) */
    RequestLogFrame: {
      id: number;
      count: number;
    };
    /** @description data of `event: scenario_run` (no SSE id) */
    ScenarioRunFrame: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      status: "running" | "succeeded" | "failed";
    };
    /** @description data of `event: webhook_resent` (no SSE id): the stored event a listener forwards again */
    WebhookResentFrame: {
      seq: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listWebhookEvents: {
    parameters: {
      query?: {
        /** @description Event type, e.g. exchange.settled */
        type?: string | null;
        exchange_id?: string | null;
        /** @description Days counted back from today in the tenant's time zone: today, 7d (the last 7 days), 30d, month (since the 1st), or custom (from and to; either alone leaves that end open). from or to without range is custom. */
        range?: ("today" | "7d" | "30d" | "month" | "custom") | null;
        from?: string | null;
        to?: string | null;
        /** @description One of created; a leading - for descending (default -created) */
        sort?: ("created" | "-created") | null;
        /** @description `next_before` of the previous page */
        before?: number | null;
        /** @description Page size, 1 to 100 */
        limit?: number;
        /** @description `next_after` of the previous page (oldest first, sort=created) */
        after?: number | null;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of received webhooks */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ListWebhookEventsResponse"];
        };
      };
    };
  };
  getWebhookEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The event's cursor (`seq`) */
        seq: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["GetWebhookEventResponse"];
        };
      };
    };
  };
  resendWebhookEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The event's cursor (`seq`) */
        seq: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event and the deliveries queued */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ResendWebhookEventResponse"];
        };
      };
    };
  };
  getWebhookHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint's health */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["GetWebhookHealthResponse"];
        };
      };
    };
  };
  listRequestLogs: {
    parameters: {
      query?: {
        /** @description Rows at or after this instant */
        since?: string | null;
        /** @description Rows before this instant */
        until?: string | null;
        /** @description Status class: 2xx, 3xx, 4xx or 5xx */
        status?: ("2xx" | "3xx" | "4xx" | "5xx") | null;
        method?: ("GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS") | null;
        /** @description Path prefix, e.g. /v1/orders (calls to this app's sandbox: /sandbox/v1/orders) */
        path?: string | null;
        /** @description The error code of the answer, e.g. invalid_signature */
        error_code?: string | null;
        /** @description dashboard: the dashboard's calls to the tenant's service; integration: the calls your API client made to this app's sandbox itself. upstream and sandbox, their former names, are taken as the same. */
        source?: ("dashboard" | "integration" | "upstream" | "sandbox") | null;
        /** @description Upstream calls caused by this API key of the dashboard */
        api_key_id?: string | null;
        /** @description Upstream calls caused by this member */
        user_id?: string | null;
        /** @description `next_before` of the previous page */
        before?: number | null;
        /** @description Page size, 1 to 100 */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of calls */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ListRequestLogsResponse"];
        };
      };
    };
  };
  listScenarios: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The scenarios */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ListScenariosResponse"];
        };
      };
    };
  };
  runScenario: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A built-in scenario's name, or custom */
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "set": {
         *         "amount": 300
         *       }
         *     }
         */
        "application/json": components["schemas"]["RunScenarioRequest"];
      };
    };
    responses: {
      /** @description The run, its steps pending */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RunScenarioResponse"];
        };
      };
    };
  };
  getScenarioRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The run's UUID */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The run */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RunScenarioResponse"];
        };
      };
    };
  };
  listForwardingEndpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ListForwardingEndpointsResponse"];
        };
      };
    };
  };
  streamEvents: {
    parameters: {
      query?: {
        /** @description Operators only: the tenant to read (default: the default tenant) */
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An endless text/event-stream; each frame's data is one of these */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": components["schemas"]["StreamEventsResponse"];
        };
      };
    };
  };
}
