import fc from "fast-check";

// What the fuzz suite sends: every sandbox and dashboard route with its natural credentials
// (placeholders such as {order} are filled with real ids at send time), and the generator of
// requests around them: other methods, wrong or garbage credentials, odd segments, query
// strings, headers, content types and bodies.

export type Auth = "client" | "operator" | "session" | "none";
export type Route = { method: string; path: string; auth: Auth };

// every route with its natural credentials; the generator also sends each with the wrong ones
export const routes = (): Route[] => [
  { method: "POST", path: "/sandbox/v1/challenges", auth: "client" },
  { method: "GET", path: "/sandbox/v1/challenges/{challenge}", auth: "client" },
  { method: "POST", path: "/sandbox/v1/orders", auth: "client" },
  { method: "GET", path: "/sandbox/v1/orders/{order}", auth: "client" },
  { method: "PATCH", path: "/sandbox/v1/orders/{order}", auth: "client" },
  { method: "GET", path: "/sandbox/v1/exchanges/{exchange}", auth: "client" },
  { method: "PATCH", path: "/sandbox/v1/exchanges/{exchange}", auth: "client" },
  { method: "GET", path: "/sandbox/lnurl/withdraw/{k1}", auth: "none" },
  { method: "GET", path: "/sandbox/lnurl/withdraw/{k1}/callback", auth: "none" },
  { method: "GET", path: "/sandbox/lnurl/channel/{k1}", auth: "none" },
  { method: "GET", path: "/sandbox/lnurl/channel/{k1}/callback", auth: "none" },
  { method: "GET", path: "/sandbox/openapi.json", auth: "none" },
  // the operator API with its key only ever gets generated bodies (a well-formed one would
  // move the shared clock or pay an order: a 2xx the other suites would feel)
  { method: "POST", path: "/sandbox/operator/clients", auth: "operator" },
  { method: "GET", path: "/sandbox/operator/clients", auth: "operator" },
  { method: "GET", path: "/sandbox/operator/exchanges/{exchange}", auth: "operator" },
  { method: "POST", path: "/sandbox/operator/deliveries/recover", auth: "operator" },
  { method: "PUT", path: "/sandbox/operator/clients/{clientId}/webhook-endpoints", auth: "operator" },
  { method: "POST", path: "/sandbox/operator/payments", auth: "operator" },
  { method: "POST", path: "/sandbox/operator/exchanges/{exchange}/events", auth: "operator" },
  { method: "POST", path: "/sandbox/operator/clock", auth: "operator" },
  { method: "GET", path: "/sandbox/operator/deliveries", auth: "operator" },
  { method: "POST", path: "/sandbox/operator/deliveries/{uuid}/resend", auth: "none" },
  { method: "POST", path: "/sandbox/operator/deliveries/run", auth: "none" },
  { method: "GET", path: "/api/orders", auth: "session" },
  { method: "POST", path: "/api/orders", auth: "session" },
  { method: "GET", path: "/api/orders/{dashOrder}", auth: "session" },
  { method: "PATCH", path: "/api/orders/{dashOrder}", auth: "session" },
  { method: "POST", path: "/api/challenges", auth: "session" },
  { method: "GET", path: "/api/challenges/{uuid}", auth: "session" },
  { method: "GET", path: "/api/exchanges", auth: "session" },
  { method: "GET", path: "/api/exchanges/{dashExchange}", auth: "session" },
  { method: "PATCH", path: "/api/exchanges/{dashExchange}", auth: "session" },
  { method: "GET", path: "/api/exchanges/{dashExchange}/events", auth: "session" },
  { method: "POST", path: "/api/exchanges/{dashExchange}/payout-link", auth: "session" },
  { method: "GET", path: "/api/exchanges/{dashExchange}/payout-links", auth: "session" },
  { method: "DELETE", path: "/api/exchanges/{dashExchange}/payout-links/{uuid}", auth: "session" },
  { method: "GET", path: "/api/events", auth: "session" },
  { method: "GET", path: "/api/overview", auth: "session" },
  { method: "GET", path: "/api/audit", auth: "session" },
  { method: "GET", path: "/api/webhooks/rejections", auth: "session" },
  { method: "GET", path: "/api/health", auth: "none" },
  { method: "POST", path: "/api/orders/{dashOrder}/simulate-payment", auth: "session" },
  { method: "GET", path: "/api/exchanges/{dashExchange}/simulate", auth: "session" },
  { method: "POST", path: "/api/exchanges/{dashExchange}/simulate", auth: "session" },
  { method: "GET", path: "/api/webhook-events", auth: "session" },
  { method: "GET", path: "/api/webhook-events/{seq}", auth: "session" },
  { method: "GET", path: "/api/webhook-events/health", auth: "session" },
  { method: "GET", path: "/api/operator/tenants", auth: "session" },
  { method: "POST", path: "/api/operator/tenants", auth: "session" },
  { method: "GET", path: "/api/operator/users", auth: "session" },
  { method: "GET", path: "/api/operator/exchanges", auth: "session" },
  { method: "GET", path: "/api/operator/sandbox/deliveries", auth: "session" },
  { method: "POST", path: "/api/operator/sandbox/deliveries/{uuid}/resend", auth: "session" },
  { method: "POST", path: "/api/operator/sandbox/deliveries/recover", auth: "session" },
  { method: "GET", path: "/api/operator/sandbox/clients", auth: "session" },
  { method: "POST", path: "/api/operator/sandbox/payments", auth: "session" },
  { method: "GET", path: "/api/operator/sandbox/exchanges/{dashExchange}", auth: "session" },
  { method: "POST", path: "/api/operator/sandbox/exchanges/{dashExchange}/events", auth: "session" },
  { method: "GET", path: "/api/operator/sandbox/clock", auth: "session" },
  { method: "POST", path: "/api/operator/sandbox/clock", auth: "session" },
  { method: "GET", path: "/api/pay/{token}", auth: "none" },
  { method: "POST", path: "/api/pay/{token}/invoice", auth: "none" },
  { method: "GET", path: "/api/pay/{token}/events", auth: "none" },
  { method: "POST", path: "/webhook", auth: "none" },
  { method: "POST", path: "/webhook/{endpoint}", auth: "none" },
];

export const printable = (max: number) =>
  fc.string({ unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~".split("")), maxLength: max });
export const segment = fc.oneof(
  fc.constant(null), // the route's own id
  fc.uuid().map((u) => u),
  printable(40).map(encodeURIComponent),
  fc.constantFrom("..%2F..%2Fetc", "%00", "%E0%A4%A", "00000000-0000-0000-0000-000000000000", "A".repeat(300), "%25", "null", "-1"),
);
export const queryKeys = fc.constantFrom(
  "cursor",
  "limit",
  "state",
  "order_id",
  "pair",
  "type",
  "active",
  "currency",
  "payout_kind",
  "before",
  "from",
  "to",
  "action",
  "result",
  "user",
  "tenant_id",
  "exchange_id",
  "endpoint_id",
  "status",
  "since",
  "pr",
  "k1",
  "remoteid",
  "last_event_id",
  "gc",
  "x",
);
export const query = fc.array(fc.tuple(queryKeys, fc.oneof(printable(30), fc.integer().map(String), fc.uuid())), { maxLength: 4 });
export const bodyValue = fc.oneof(fc.anything(), fc.constant(-1), fc.double(), fc.string(), fc.uuid(), fc.constant(null));
export const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  printable(200),
  fc.constant("{"),
  // shapes near the real ones, with generated values
  fc
    .record(
      {
        active: bodyValue,
        fee_rate: bodyValue,
        affiliate_id: bodyValue,
        payment_method: fc.anything(),
        payout_method: fc.anything(),
        payout: fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom("invoice", "channel", "coin", ""),
            invoice: bodyValue,
            node_address: bodyValue,
            private: bodyValue,
          }),
        ),
        invoice: bodyValue,
      },
      { requiredKeys: [] },
    )
    .map((o) => JSON.stringify(o)),
);
export const headerValue = printable(60);
export const request = fc.record({
  route: fc.integer({ min: 0, max: routes().length - 1 }),
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE") },
  ),
  segment,
  query,
  body,
  contentType: fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/vnd.api+json",
    "multipart/form-data; boundary=x",
  ),
  auth: fc.constantFrom("natural", "natural", "natural", "none", "garbage", "wrong"),
  cookie: fc.oneof(fc.constant(null), headerValue, fc.constant("x=%; next-auth.session-token=%")),
  origin: fc.constantFrom("same", "same", "none", "https://evil.example", "null", "%"),
  extra: fc.dictionary(
    fc.constantFrom(
      "last-event-id",
      "x-forwarded-for",
      "x-signature-256",
      "x-tenant-id",
      "x-retry-count",
      "x-correlation-id",
      "cache-control",
      "accept",
      "content-length-hint",
    ),
    headerValue,
    { maxKeys: 3 },
  ),
});
export type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;
