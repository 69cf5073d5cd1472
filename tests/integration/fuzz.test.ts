import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import fc from "fast-check";
import { ClientApi } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { coinOrder, lightningOrder, newClient, operator } from "./harness/fixtures";
import { request, routes, type Generated, type Route } from "./harness/fuzz-requests";

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
