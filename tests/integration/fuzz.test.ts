import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import fc from "fast-check";
import { ClientApi } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { coinOrder, lightningOrder, newClient, operator } from "./harness/fixtures";

// Property-based fuzzing of every sandbox and dashboard route: generated paths, headers, query
// strings and bodies. Whatever comes in: never a 5xx, every error is JSON {error,
// documentation_uri}, and a 4xx changes nothing. A fixed seed and a bounded number of runs keep
// it repeatable; FUZZ_SEED and FUZZ_RUNS choose others. A failure prints its seed and the
// shrunk request.

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

type Ids = {
  order: string;
  exchange: string;
  challenge: string;
  dashOrder: string;
  dashExchange: string;
  token: string;
  clientId: string;
  endpoint: string;
};
let ids: Ids;
/** The sandbox's time when the fuzzing began: orders created since can only come from it. */
let since: Date;
let admin: DashboardSession;
let client: ClientApi;

beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
  const fuzzClient = await newClient();
  client = fuzzClient.api;
  const challenge = await client.challenge();
  const { order } = await lightningOrder(client);
  const { exchange_id } = await operator().pay({ order_id: order.id, amount: 50, currency: "eur" });
  // the dashboard's own: a Lightning exchange of the demo tenant awaiting its payout, with a link
  const demo = new ClientApi(inject("demoClientId"));
  const dash = await lightningOrder(demo);
  const paid = await operator().pay({ order_id: dash.order.id, amount: 50, currency: "eur" });
  await coinOrder(demo);
  expect((await admin.request("GET", `/api/orders/${dash.order.id}`)).status).toBe(200);
  expect((await admin.request("GET", `/api/exchanges/${paid.exchange_id}`)).status).toBe(200);
  const link = (await admin.request("POST", `/api/exchanges/${paid.exchange_id}/payout-link`, {})).body as { url: string };
  ids = {
    order: order.id,
    exchange: exchange_id,
    challenge: challenge.id,
    dashOrder: dash.order.id,
    dashExchange: paid.exchange_id,
    token: link.url.split("/pay/")[1] ?? "",
    clientId: fuzzClient.client_id,
    endpoint: "nope",
  };
  since = await operator().now();
}, 60_000);

type Auth = "client" | "operator" | "session" | "none";
type Route = { method: string; path: string; auth: Auth };

// every route with its natural credentials; the generator also sends each with the wrong ones
const routes = (): Route[] => [
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

const printable = (max: number) =>
  fc.string({ unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~".split("")), maxLength: max });
const segment = fc.oneof(
  fc.constant(null), // the route's own id
  fc.uuid().map((u) => u),
  printable(40).map(encodeURIComponent),
  fc.constantFrom("..%2F..%2Fetc", "%00", "%E0%A4%A", "00000000-0000-0000-0000-000000000000", "A".repeat(300), "%25", "null", "-1"),
);
const queryKeys = fc.constantFrom(
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
const query = fc.array(fc.tuple(queryKeys, fc.oneof(printable(30), fc.integer().map(String), fc.uuid())), { maxLength: 4 });
const bodyValue = fc.oneof(fc.anything(), fc.constant(-1), fc.double(), fc.string(), fc.uuid(), fc.constant(null));
const body = fc.oneof(
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
const headerValue = printable(60);
const request = fc.record({
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
type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function build(g: Generated) {
  const base = inject("baseUrl");
  const route = routes()[g.route] as Route;
  const method = g.method ?? route.method;
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (g.segment !== null) return g.segment;
    if (name === "k1" || name === "uuid") return "0".repeat(64);
    return ids[name as keyof Ids] ?? "x";
  });
  const search = new URLSearchParams(g.query).toString();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(g.extra)) if (k !== "content-length-hint") headers[k] = v;
  if (g.contentType) headers["content-type"] = g.contentType;
  if (g.origin === "same") headers.origin = base;
  else if (g.origin !== "none") headers.origin = g.origin;
  const natural = g.auth === "natural" ? route.auth : g.auth === "wrong" ? (route.auth === "session" ? "client" : "session") : "none";
  if (natural === "client") headers.authorization = `client_id ${ids.clientId}`;
  if (natural === "operator") headers.authorization = `Bearer ${inject("operatorKey")}`;
  if (g.auth === "garbage") headers.authorization = "Bearer %%%";
  const cookies = [g.cookie, natural === "session" ? admin.cookieHeader : null].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join("; ");
  const hasBody = g.body !== undefined && method !== "GET";
  return { method, url: `${base}${path}${search ? `?${search}` : ""}`, headers, body: hasBody ? g.body : undefined };
}

async function send(r: ReturnType<typeof build>) {
  const controller = new AbortController();
  const response = await fetch(r.url, {
    method: r.method,
    headers: r.headers,
    body: r.body,
    signal: controller.signal,
    redirect: "manual",
  });
  if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    controller.abort();
    return { status: response.status, type: "text/event-stream", text: "" };
  }
  return { status: response.status, type: response.headers.get("content-type") ?? "", text: await response.text() };
}

let readings = 0;
const nextAddress = () => `10.254.${Math.floor(readings / 250) % 250}.${(readings++ % 250) + 1}`;

/**
 * What a 4xx must leave as it was: the fuzz client's and the demo tenant's resources, and the
 * tenant's orders created since the fuzzing began (a webhook of an earlier suite arriving late
 * may index an older order: that change is real, and not the fuzz's doing).
 */
async function fingerprint(): Promise<string[]> {
  const parts = await Promise.all([
    client.request("GET", `/v1/orders/${ids.order}`),
    client.request("GET", `/v1/exchanges/${ids.exchange}`),
    client.request("GET", `/v1/challenges/${ids.challenge}`),
    admin.request("GET", `/api/orders/${ids.dashOrder}`),
    admin.request("GET", `/api/exchanges/${ids.dashExchange}`, undefined, { "cache-control": "no-cache" }),
    admin.request("GET", "/api/orders?limit=100").then((r) => ({
      status: r.status,
      body: (r.body as { data: { created_on: string }[] }).data.filter((o) => new Date(o.created_on) >= since),
    })),
    // each time from an address of its own: the public page is rate-limited per address
    fetch(`${inject("baseUrl")}/api/pay/${ids.token}`, { headers: { "x-forwarded-for": nextAddress() } }).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    })),
  ]);
  return parts.map((p) => JSON.stringify([p.status, p.body]));
}

/** The parts of two fingerprints that differ, for the failure message. */
const changes = (a: string[], b: string[]) =>
  a.flatMap((part, i) => (part === b[i] ? [] : [`part ${i}: ${part.slice(0, 400)} → ${(b[i] ?? "").slice(0, 400)}`]));

describe("fuzzing every route", () => {
  it(`never a 5xx, errors are JSON {error, documentation_uri}, a 4xx changes nothing (seed ${SEED}, ${RUNS} runs)`, async () => {
    console.log(`fuzz seed ${SEED}, ${RUNS} runs (FUZZ_SEED / FUZZ_RUNS to change)`);
    let before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(request, async (g) => {
        const r = build(g);
        const reply = await send(r);
        const where = `${r.method} ${r.url} → ${reply.status} ${reply.text.slice(0, 200)}`;
        expect(reply.status, where).toBeLessThan(500);
        if (reply.status >= 400) {
          expect(reply.type, where).toMatch(/^application\/json/);
          const error = JSON.parse(reply.text) as { error?: unknown; documentation_uri?: unknown };
          expect(typeof error.error, where).toBe("string");
          expect(typeof error.documentation_uri, where).toBe("string");
          expect(changes(before, await fingerprint()), `state changed on ${where}`).toEqual([]);
        } else {
          before = await fingerprint();
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
