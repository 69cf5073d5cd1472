import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { scenarioRunFrameSchema, scenarioRunSchema } from "@/lib/dashboard/contract/scenarios-api";
import { paymentResultSchema } from "@/lib/service-api/operator-contract";
import { http, parse } from "./harness/api";
import { createOrderVia, DashboardSession } from "./harness/dashboard";
import { signIn } from "./harness/sign-in";
import { openSse, type SseFrame } from "./harness/sse";
import { tenantWithAdmin } from "./harness/tenant-fixture";

// A live stream belongs to one session and one tenant: a Last-Event-ID from elsewhere (another
// tenant's, another browser user's) hides no event; an API key's streams count against the key,
// never its creator's places, and carry what its scopes read (the registry of live-notice kinds,
// lib/dashboard/contract/live-notice-kinds.ts); and signing in on a browser ends the session it held before.

const base = () => inject("baseUrl");
let admin: DashboardSession;
const open: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  admin = await DashboardSession.signIn("affiliate@example.com");
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((stream) => stream.close()));
});

/** A new executed exchange of the demo tenant: one exchange.executed webhook. */
async function executed() {
  const order = await createOrderVia(admin);
  const paid = await admin.request("POST", `/api/orders/${order.id}/simulate-payment`, { amount: 55, currency: "eur" });
  return parse(paymentResultSchema, paid, 201).exchange_id;
}

describe("Last-Event-ID is clamped to the tenant's newest event", () => {
  it.each([["299 000 000"], ["999999999999999"]])("a cursor of %s from elsewhere hides no webhook", async (cursor) => {
    const stream = await openSse(`${base()}/api/events`, { cookie: admin.cookie, "last-event-id": cursor.replace(/ /g, "") });
    open.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.waitFor((frame) => frame.comment === "connected");
    const exchangeId = await executed();
    const frame = await stream.waitFor((f) => f.event === "webhook" && (f.data ?? "").includes(exchangeId), 15_000);
    expect(Number(frame.id)).toBeGreaterThan(0);
  });
});

describe("an API key's streams count against the key", () => {
  it("eleven streams of one key: its own limit (5) refuses six; its creator's browser still opens one", async () => {
    const { key } = parse(
      apiKeyCreatedSchema,
      await admin.request("POST", "/api/settings/api-keys", { name: `streams ${randomBytes(3).toString("hex")}`, scopes: ["read"] }),
      201,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const stream = await openSse(`${base()}/api/events`, { authorization: `Bearer ${key}` });
      open.push(stream);
      statuses.push(stream.response.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const mine = await openSse(`${base()}/api/events`, { cookie: admin.cookie });
    open.push(mine);
    expect(mine.response.status).toBe(200);
  });
});

/** A scenario run of one quick step (an order), started by `session`. */
async function quickRun(session: DashboardSession) {
  const document = {
    name: "quick",
    description: "one order",
    steps: [{ name: "order", kind: "create_order", payout: "onchain", currency: "eur" }],
  };
  return parse(scenarioRunSchema, await session.request("POST", "/api/sandbox/scenarios/custom/runs", { document }), 201);
}
const runFrame = (id: string) => (f: SseFrame) =>
  f.event === "scenario_run" && scenarioRunFrameSchema.safeParse(JSON.parse(f.data ?? "null")).data?.id === id;

describe("a key's stream carries what its scopes read", () => {
  it("a key with only read gets its own tenant's scenario_run frames (not another tenant's) and no request_log", async () => {
    const other = await tenantWithAdmin();
    const { key } = parse(
      apiKeyCreatedSchema,
      await admin.request("POST", "/api/settings/api-keys", { name: `runs ${randomBytes(3).toString("hex")}`, scopes: ["read"] }),
      201,
    );
    const [keys, mine, theirs] = await Promise.all([
      openSse(`${base()}/api/events`, { authorization: `Bearer ${key}` }),
      openSse(`${base()}/api/events`, { cookie: admin.cookieHeader }),
      openSse(`${base()}/api/events`, { cookie: other.admin.cookieHeader }),
    ]);
    open.push(keys, mine, theirs);
    for (const stream of [keys, mine, theirs]) await stream.waitFor((f) => f.comment === "connected");

    // the other tenant's run moves on (its own stream hears it) before ours starts
    const theirRun = await quickRun(other.admin);
    await theirs.waitFor(runFrame(theirRun.id), 15_000);
    const ownRun = await quickRun(admin);
    await keys.waitFor(runFrame(ownRun.id), 15_000);
    // the run's calls to the service grew the request log: the admin's browser hears it, the key without logs does not
    await mine.waitFor((f) => f.event === "request_log", 15_000);
    await mine.waitFor(runFrame(ownRun.id), 15_000);
    expect(keys.frames.filter(runFrame(theirRun.id))).toEqual([]);
    expect(keys.frames.filter((f) => f.event === "request_log")).toEqual([]);
  });
});

describe("signing in ends the session the browser held", () => {
  it("B signs in on a browser where A is signed in: A's session is over, B's works", async () => {
    const a = await signIn(base(), "affiliate@example.com", inject("demoPassword"));
    expect(a.cookie).not.toBeNull();
    expect((await http("GET", `${base()}/api/overview`, { headers: { cookie: a.cookie ?? "" } })).status).toBe(200);
    const b = await signIn(base(), "viewer@example.com", inject("demoPassword"), undefined, a.cookie ?? "");
    expect(b.cookie).not.toBeNull();
    expect((await http("GET", `${base()}/api/overview`, { headers: { cookie: a.cookie ?? "" } })).status).toBe(401);
    expect((await http("GET", `${base()}/api/overview`, { headers: { cookie: b.cookie ?? "" } })).status).toBe(200);
  });

  it("a failed sign-in over A's session leaves it as it was", async () => {
    const a = await signIn(base(), "affiliate@example.com", inject("demoPassword"));
    const wrong = await signIn(base(), "viewer@example.com", "not the password", undefined, a.cookie ?? "");
    expect(wrong.cookie).toBeNull();
    expect((await http("GET", `${base()}/api/overview`, { headers: { cookie: a.cookie ?? "" } })).status).toBe(200);
  });
});
