import "server-only";
import { routeOf } from "@/lib/http/route-of";
import { z } from "zod";
import {
  challengeSchema,
  errorBodySchema,
  exchangeSchema,
  orderSchema,
  type ExchangePayoutPatch,
  type OrderCreate,
  type OrderPatch,
} from "./schemas";
import { processSingleton } from "@/lib/process-singleton";
import { parseJsonOrUndefined } from "@/lib/http/json-text";
import { outbound, OutboundError, type OutboundAnswer } from "@/lib/http/outbound";
import { joinPath } from "@/lib/base-url";
import { serviceErrorCodes, UNKNOWN_UPSTREAM_CODE } from "./codes";

const serviceErrorCodeSet: ReadonlySet<string> = new Set(serviceErrorCodes);

// The typed HTTP client of the exchange service's REST API v1. Every call names its output
// schema and has a timeout; failures are UpstreamError. Credentials never appear in errors.

export const UPSTREAM_TIMEOUT_MS = 10_000;
/** An answer of the service is a few kilobytes of JSON; past this, the call fails as unreachable. */
export const UPSTREAM_ANSWER_LIMIT = 1024 * 1024;

// The service's clock relative to ours, per base URL, from the Date header of its answers:
// payout offers expire on its clock, and pages count down on it.
// Per process: what this process last measured of each upstream.
const skews = processSingleton("service-skew", () => new Map<string, number>());

export function serviceTime(baseUrl: string, now = Date.now()): Date {
  return new Date(now + (skews.get(baseUrl.replace(/\/+$/, "")) ?? 0));
}

function recordSkew(baseUrl: string, response: OutboundAnswer, sentAt: number) {
  const date = Date.parse(response.headers.get("date") ?? "");
  if (Number.isNaN(date)) return;
  // the header has whole seconds: take the middle of the second, and of the round trip
  skews.set(baseUrl, date + 500 - (sentAt + Date.now()) / 2);
}

/** C0 and C1 controls and the bidirectional overrides: text a terminal or a page would act on, not show. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const plain = (text: string, max: number) => text.replace(new RegExp(CONTROL.source, "g"), "").slice(0, max);

/**
 * An upstream's error body as the dashboard passes it on: text from an upstream is data. Its
 * code is one of the service's documented codes or `upstream_error`; its documentation link an
 * http(s) URL or none (the dashboard's own then); each detail's path and message without control
 * characters, cut short; nothing else of it.
 */
function passedOn(body: z.infer<typeof errorBodySchema>, status: number, codes: ReadonlySet<string>): z.infer<typeof errorBodySchema> {
  const known = codes.has(body.error);
  const link = known && /^https?:\/\/[^\s]{1,500}$/.test(body.documentation_uri) && !CONTROL.test(body.documentation_uri);
  const details = known
    ? body.details?.slice(0, 20).map((detail) => ({ path: plain(detail.path, 200), message: plain(detail.message, 500) }))
    : [{ path: "(upstream)", message: `The service answered ${status} with an error code this dashboard does not know` }];
  return {
    error: known ? body.error : UNKNOWN_UPSTREAM_CODE,
    documentation_uri: link ? body.documentation_uri : "",
    ...(details ? { details } : {}),
  };
}

export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly method: string,
    readonly path: string,
    readonly body?: z.infer<typeof errorBodySchema>,
  ) {
    super(`${method} ${path} → ${status} ${code}`);
    this.name = "UpstreamError";
  }
}

/**
 * One call to the service as its caller may record it: the route with ids left out
 * ("/v1/exchanges/{id}"), and how it ended: ok (2xx), refused (the service's own 4xx), or failed
 * (unreachable, a timeout, a 5xx or an answer that is not its API).
 */
export type UpstreamCall = {
  method: string;
  route: string;
  outcome: "ok" | "refused" | "failed";
  status: number;
  code: string | null;
  durationMs: number;
};

/**
 * One call in full, for the request log: what was sent (the Authorization header included: the
 * recorder masks it) and what came back; `response` is null when no answer came.
 */
export type RecordedCall = UpstreamCall & {
  path: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  response: { headers: Headers; body: string } | null;
  startedAt: Date;
};

type ServiceOptions = {
  baseUrl: string;
  authorization: string;
  /**
   * Whether the service may be at a private, loopback or link-local address: this app's own
   * sandbox, or where an operator allows it (UPSTREAM_ALLOW_PRIVATE). Else such an address is
   * refused when the socket connects (lib/http/outbound.ts).
   */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Told of every call, once it ended (never with the credentials). */
  observe?: (call: UpstreamCall) => void;
  /** Told of every call in full, once it ended (the request log). */
  record?: (call: RecordedCall) => void;
  /**
   * Headers of each attempt besides the credential: this app's own sandbox is told that the
   * dashboard records the call itself (lib/request-log/own-call.ts).
   */
  mark?: (call: { method: string; authorization: string }) => Record<string, string>;
  /**
   * The error codes passed on as they come (the rest become upstream_error): the service's
   * documented ones by default; this app's own sandbox's operator API names its whole table.
   */
  knownCodes?: ReadonlySet<string>;
};

/** What a call sent and saw of its answer, for `record`: its last attempt's. */
type Seen = { sent?: Record<string, string>; response: { headers: Headers; body: string } | null; status?: number };

/** JSON over HTTP to the service: one credential, a timeout, typed errors, answers parsed with their schema. */
export class ServiceClient {
  protected readonly baseUrl: string;
  constructor(private readonly options: ServiceOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
  }

  private headersFor(method: string, body: unknown): Record<string, string> {
    const { authorization, mark } = this.options;
    return {
      ...mark?.({ method, authorization }),
      authorization,
      accept: "application/json",
      // answers are a few kilobytes of JSON: compressing and inflating each cost more CPU on
      // both ends (a third of a forced upstream read's time here) than its bytes cost the network
      "accept-encoding": "identity",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    };
  }

  private async once(method: string, path: string, body: unknown, seen?: Seen): Promise<OutboundAnswer> {
    const headers = this.headersFor(method, body);
    if (seen) seen.sent = headers;
    try {
      return await outbound({
        url: joinPath(this.baseUrl, path),
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
        maxBytes: UPSTREAM_ANSWER_LIMIT,
        allowPrivate: this.options.allowPrivate,
      });
    } catch (error) {
      const timedOut = error instanceof OutboundError && error.kind === "timeout";
      throw new UpstreamError(timedOut ? 504 : 502, timedOut ? "upstream_timeout" : "upstream_unavailable", method, path);
    }
  }

  protected async request<T extends z.core.$ZodType>(method: string, path: string, schema: T, body?: unknown): Promise<z.output<T>> {
    const { observe, record } = this.options;
    if (!observe && !record) return this.call(method, path, schema, body);
    const started = Date.now();
    const seen: Seen = { response: null };
    const told = (outcome: UpstreamCall["outcome"], status: number, code: string | null) => {
      const call = { method, route: routeOf(path), outcome, status, code, durationMs: Date.now() - started };
      observe?.(call);
      record?.({
        ...call,
        // the status the service answered, where it answered (a 5xx is told to callers as 502)
        status: seen.response && seen.status ? seen.status : status,
        path,
        requestHeaders: seen.sent ?? this.headersFor(method, body),
        requestBody: body === undefined ? null : JSON.stringify(body),
        response: seen.response,
        startedAt: new Date(started),
      });
    };
    try {
      const result = await this.call(method, path, schema, body, seen);
      told("ok", 200, null);
      return result;
    } catch (error) {
      if (error instanceof UpstreamError) told(error.body ? "refused" : "failed", error.status, error.code);
      throw error;
    }
  }

  private async call<T extends z.core.$ZodType>(
    method: string,
    path: string,
    schema: T,
    body?: unknown,
    seen?: Seen,
  ): Promise<z.output<T>> {
    let response: OutboundAnswer;
    const sentAt = Date.now();
    try {
      response = await this.once(method, path, body, seen);
    } catch (error) {
      // one retry for idempotent reads that never reached the service
      if (method !== "GET" || !(error instanceof UpstreamError) || error.code !== "upstream_unavailable") throw error;
      response = await this.once(method, path, body, seen);
    }
    recordSkew(this.baseUrl, response, sentAt);
    const text = response.body.toString("utf8");
    if (seen) {
      seen.response = { headers: response.headers, body: text };
      seen.status = response.status;
    }
    // not JSON, or nested deeper than any answer of the API (lib/http/json-text.ts)
    const json = parseJsonOrUndefined(text);
    if (json === undefined) throw new UpstreamError(502, "upstream_invalid_response", method, path);
    if (response.status < 200 || response.status >= 300) {
      const parsed = errorBodySchema.safeParse(json);
      if (!parsed.success || response.status >= 500) {
        throw new UpstreamError(502, response.status >= 500 ? "upstream_unavailable" : "upstream_invalid_response", method, path);
      }
      const known = this.options.knownCodes ?? serviceErrorCodeSet;
      const body = passedOn(parsed.data, response.status, known);
      throw new UpstreamError(known.has(body.error) ? response.status : 502, body.error, method, path, body);
    }
    const parsed = z.safeParse(schema, json);
    if (!parsed.success) throw new UpstreamError(502, "upstream_invalid_response", method, path);
    return parsed.data;
  }
}

type Options = Omit<ServiceOptions, "authorization"> & { clientId: string };

/** The REST API v1 as one API client (Authorization: client_id …). */
export class ExchangeClient extends ServiceClient {
  constructor({ clientId, ...options }: Options) {
    super({ ...options, authorization: `client_id ${clientId}` });
  }

  // POST /v1/challenges
  createChallenge() {
    return this.request("POST", "/v1/challenges", challengeSchema, {});
  }

  // GET /v1/challenges/{id}
  getChallenge(id: string) {
    return this.request("GET", `/v1/challenges/${encodeURIComponent(id)}`, challengeSchema);
  }

  // POST /v1/orders
  createOrder(input: OrderCreate) {
    return this.request("POST", "/v1/orders", orderSchema, input);
  }

  // GET /v1/orders/{id}
  getOrder(id: string) {
    return this.request("GET", `/v1/orders/${encodeURIComponent(id)}`, orderSchema);
  }

  // PATCH /v1/orders/{id}
  patchOrder(id: string, input: OrderPatch) {
    return this.request("PATCH", `/v1/orders/${encodeURIComponent(id)}`, orderSchema, input);
  }

  // GET /v1/exchanges/{id}
  getExchange(id: string) {
    return this.request("GET", `/v1/exchanges/${encodeURIComponent(id)}`, exchangeSchema);
  }

  // PATCH /v1/exchanges/{id}
  patchExchange(id: string, input: ExchangePayoutPatch) {
    return this.request("PATCH", `/v1/exchanges/${encodeURIComponent(id)}`, exchangeSchema, input);
  }
}
