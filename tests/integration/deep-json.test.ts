import { beforeAll, describe, expect, inject, it } from "vitest";
import { rejectionsSchema } from "@/lib/dashboard/contract/dashboard-api";
import { errorBodySchema } from "@/lib/service-api/schemas";
import { signBody } from "@/lib/service-api/webhook-signature.mjs";
import { http, parse, type Reply } from "./harness/api";
import { DashboardSession } from "./harness/dashboard";
import { operator } from "./harness/fixtures";

// JSON nested thousands deep, on every kind of route (the public ones, the dashboard's, the
// sandbox's and the webhook receiver): each is refused with 400 invalid_request naming the
// limit of 64 levels, never a 500 or a stack overflow; the request log records such a call
// without losing its row. And the public routes' allowance is taken by cost: large bodies meet
// 429 long before small ones do.

const base = () => inject("baseUrl");
const LEVELS = 10_000;
const arraysOf = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const objectsOf = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const mixedOf = (levels: number) => `${'[{"a":'.repeat(levels / 2)}1${"}]".repeat(levels / 2)}`;
const bodiesOf = (levels: number): [string, string][] => [
  [`arrays ${levels} deep`, arraysOf(levels)],
  [`objects ${levels} deep`, objectsOf(levels)],
  [`arrays and objects ${levels} deep`, mixedOf(levels)],
];
const bodies = bodiesOf(LEVELS);
const objects = objectsOf(LEVELS);

let admin: DashboardSession;
let client: Awaited<ReturnType<ReturnType<typeof operator>["createClient"]>>;

beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
  client = await operator().createClient("Deep JSON");
});

/** The refusal names the depth: 400 invalid_request, details (body) with its maximum. */
function expectTooDeep(reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(400);
  const body = errorBodySchema.parse(reply.body);
  expect(body.error).toBe("invalid_request");
  expect(body.details?.[0]).toMatchObject({ path: "(body)", maximum: 64 });
}

const json = { "content-type": "application/json" };
// each route's own address, so that the public routes' allowance of one does not refuse another's
let address = 0;
const from = () => ({ "x-forwarded-for": `198.51.100.${(address++ % 250) + 1}` });

const routes: [string, (raw: string) => Promise<Reply>, number?][] = [
  ["POST /api/password-resets (public)", (raw) => http("POST", `${base()}/api/password-resets`, { raw, headers: { ...json, ...from() } })],
  [
    "POST /api/account-links/{token} (public)",
    (raw) => http("POST", `${base()}/api/account-links/x${"0".repeat(40)}`, { raw, headers: { ...json, ...from() } }),
  ],
  [
    "POST /api/csp-reports (public)",
    (raw) => http("POST", `${base()}/api/csp-reports`, { raw, headers: { "content-type": "application/csp-report", ...from() } }),
    // a report's cap is 32 KiB: 4 000 levels fit it (and overflowed the stack as well)
    4_000,
  ],
  [
    "POST /api/pay/{token}/lightning-address (public)",
    (raw) => http("POST", `${base()}/api/pay/${"t".repeat(32)}/lightning-address`, { raw, headers: { ...json, ...from() } }),
  ],
  [
    "POST /api/orders (a session)",
    (raw) => http("POST", `${base()}/api/orders`, { raw, headers: { ...json, cookie: admin.cookie, origin: base() } }),
  ],
  [
    "POST /sandbox/v1/orders",
    (raw) => http("POST", `${base()}/sandbox/v1/orders`, { raw, headers: { ...json, authorization: `client_id ${client.client_id}` } }),
  ],
  [
    "POST /sandbox/operator/payments",
    (raw) =>
      http("POST", `${base()}/sandbox/operator/payments`, { raw, headers: { ...json, authorization: `Bearer ${inject("operatorKey")}` } }),
  ],
];

describe("JSON nested 10 000 levels deep is refused with 400 naming the limit", () => {
  for (const [route, send, levels] of routes) {
    it.each(bodiesOf(levels ?? LEVELS))(`${route}: %s`, async (_kind, raw) => {
      expectTooDeep(await send(raw));
    });
  }

  it("POST /webhook, signed: 400, and counted as a rejection (nested too deep)", async () => {
    const before = parse(rejectionsSchema, await admin.request("GET", "/api/webhooks/rejections"), 200).data;
    const count = (rows: typeof before) => rows.filter((r) => r.reason === "nested too deep").reduce((n, r) => n + r.count, 0);
    for (const [, raw] of bodies) {
      const reply = await http("POST", `${base()}/webhook`, {
        raw,
        headers: { ...json, "x-signature-256": signBody(raw, inject("webhookSecret")) },
      });
      expectTooDeep(reply);
    }
    const after = parse(rejectionsSchema, await admin.request("GET", "/api/webhooks/rejections"), 200).data;
    expect(count(after) - count(before)).toBe(bodies.length);
  });

  it("the sandbox's request log keeps the refused call (cut to its limit), and /api/health answers throughout", async () => {
    const sent = Array.from({ length: 10 }, () =>
      http("POST", `${base()}/sandbox/v1/orders`, { raw: objects, headers: { ...json, authorization: `client_id ${client.client_id}` } }),
    );
    const health = await http("GET", `${base()}/api/health`);
    expect(health.status).toBe(200);
    for (const reply of await Promise.all(sent)) expectTooDeep(reply);
    const op = await DashboardSession.signIn("operator@example.com");
    const refused = async () => {
      const rows = await op.request(
        "GET",
        `/api/operator/request-logs?client_id=${client.client_id}&path=/sandbox/v1/orders&status=4xx&limit=50`,
      );
      return (rows.body as { data: { error_code: string | null }[] }).data.filter((row) => row.error_code === "invalid_request").length;
    };
    // rows are written once the answers went
    await expect.poll(refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
  });
});

describe("the public routes' allowance is taken by cost", () => {
  it("forty 60 KiB bodies from one address meet 429; forty small ones from another do not", async () => {
    const send = async (path: string, raw: string, type: string, address: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const reply = await http("POST", `${base()}${path}`, { raw, headers: { "content-type": type, "x-forwarded-for": address } });
        statuses.push(reply.status);
      }
      return statuses;
    };
    // refused as a bad address (400), each after its body was read: 9 tokens of the allowance each
    const big = JSON.stringify({ email: `${"a".repeat(60 * 1024)}@example.com` });
    const bigStatuses = await send("/api/password-resets", big, "application/json", "203.0.113.77");
    expect(bigStatuses.filter((s) => s === 429).length).toBeGreaterThan(20);
    expect(bigStatuses.every((s) => s === 400 || s === 429)).toBe(true);
    // a browser's report of a violation, a few hundred bytes: one token each
    const report = JSON.stringify({
      "csp-report": { "document-uri": `${base()}/`, "blocked-uri": "eval", "violated-directive": "script-src" },
    });
    const smallStatuses = await send("/api/csp-reports", report, "application/csp-report", "203.0.113.78");
    expect(smallStatuses.filter((s) => s !== 204)).toEqual([]);
  });
});
