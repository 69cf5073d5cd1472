import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { auditPageSchema } from "@/lib/dashboard/contract/dashboard-api";
import { scenarioRunSchema, type Scenario } from "@/lib/dashboard/contract/scenarios-api";
import { clientListSchema, clockResetSchema, clockSchema } from "@/lib/service-api/operator-contract";
import { challengeSchema, errorBodySchema, exchangeSchema } from "@/lib/service-api/schemas";
import { exchangeState } from "@/lib/service-api/exchange-state";
import { ClientApi, http, OperatorApi, parse } from "./harness/api";
import { removeDir, startApp, type RunningApp } from "./harness/app-server";
import { createScratchDatabase } from "./harness/database";
import { DashboardSession } from "./harness/dashboard";
import { lightningOrder } from "./harness/fixtures";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// The sandbox's clocks (docs/sandbox.md#clocks), on an app of this file's own (it puts clocks
// back): a tenant's scenarios move only the tenant's own clock, bounded in distance and per day,
// so no tenant can move another's time or take a timestamp out of range; the shared clock is the
// operator's; and an operator puts a runaway clock back to the present with the objects mended.

const password = "clocks-demo-password";
const operatorKey = `sk_op_clocks_${randomBytes(8).toString("hex")}`;
let app: RunningApp;
let op: OperatorApi;
let a: Fixture;
let b: Fixture;
let keyA: string;
const DAY = 24 * 3600;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, `clocks_${randomBytes(4).toString("hex")}`) : undefined;
  app = await startApp({ operatorKey, databaseUrl: scratch, env: { DEMO_PASSWORD: password } });
  op = new OperatorApi(operatorKey, app.sandboxUrl);
  const on = { baseUrl: app.baseUrl, operatorKey, password };
  [a, b] = [await tenantWithAdmin(on), await tenantWithAdmin(on)];
  keyA = parse(
    apiKeyCreatedSchema,
    await a.admin.request("POST", "/api/settings/api-keys", { name: "clock mover", scopes: ["read", "write"] }),
    201,
  ).key;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  if (app && !inject("databaseUrl")) removeDir(app.dataDir);
});

/** Starts a custom run with tenant A's key and waits for its end (polling the run: it has no stream here). */
async function runWithKey(document: Scenario) {
  const headers = { authorization: `Bearer ${keyA}` };
  const started = await http("POST", `${app.baseUrl}/api/sandbox/scenarios/custom/runs`, { body: { document }, headers });
  const run = parse(scenarioRunSchema, started, 201);
  const read = async () =>
    parse(scenarioRunSchema, await http("GET", `${app.baseUrl}/api/sandbox/scenario-runs/${run.id}`, { headers }), 200);
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).not.toBe("running");
  return read();
}

const clientOf = (fixture: Fixture) => new ClientApi(fixture.clientId, app.sandboxUrl);
/** A's Lightning exchange, executed on A's clock a month ahead. */
let exchangeOfA = "";
const shared = async () => new Date(parse(clockSchema, await op.request("POST", "/clock", { advance_seconds: 0 }), 200).now);
const ownClock = async (fixture: Fixture) =>
  new Date(parse(clockSchema, await op.request("POST", `/clients/${fixture.clientId}/clock`, { advance_seconds: 0 }), 200).now);

describe("a tenant's scenario moves its own clock only, within bounds", () => {
  it("ten years in one step is refused with 409 clock_limit; nothing moved, for anyone", async () => {
    const before = await shared();
    const run = await runWithKey({
      name: "runaway",
      description: "forty steps of ten years",
      steps: Array.from({ length: 40 }, (_, i) => ({ name: `later-${i}`, kind: "advance_clock" as const, seconds: 10 * 365 * DAY })),
    });
    expect(run.status).toBe("failed");
    expect(run.steps[0]?.failure).toMatchObject({ code: "upstream_refused", status: 409, error: "clock_limit" });
    // the run shows no client_id: it is a credential
    expect(JSON.stringify(run)).not.toContain(a.clientId);
    expect((await shared()).getTime() - before.getTime()).toBeLessThan(60_000);
    expect((await ownClock(a)).getTime() - Date.now()).toBeLessThan(60_000);
  });

  it("a tenant's moves of a day add up to at most 30 days: past that, 409 naming the daily bound", async () => {
    const move = (seconds: number) =>
      runWithKey({ name: "move", description: "time passes", steps: [{ name: "later", kind: "advance_clock", seconds }] });
    expect((await move(29 * DAY)).status).toBe("succeeded");
    const refused = await move(2 * DAY);
    expect(refused.steps[0]?.failure).toMatchObject({ status: 409, error: "clock_limit" });
    const direct = await op.request("POST", `/clients/${a.clientId}/clock`, { advance_seconds: 2 * DAY });
    expect(direct.status).toBe(409);
    const body = errorBodySchema.parse(direct.body);
    expect(body.error).toBe("clock_limit");
    expect(body.details?.[0]).toMatchObject({ origin: "day" });
    expect(body.details?.[0]?.message).toMatch(/at most 30 days in any 24 hours/);
  });

  it("tenant B's time, challenges and waiting Lightning payout are as they were", async () => {
    const ownA = await ownClock(a);
    expect(ownA.getTime() - Date.now()).toBeGreaterThan(28 * DAY * 1000);
    expect(Math.abs((await ownClock(b)).getTime() - Date.now())).toBeLessThan(60_000);
    const apiB = clientOf(b);
    const challenge = challengeSchema.parse((await apiB.request("POST", "/v1/challenges", {})).body);
    expect(Date.parse(challenge.expires_on) - Date.now()).toBeLessThan(31 * 60_000);
    // B's Lightning exchange awaiting its payout: A's month does not expire it
    const { order } = await lightningOrder(apiB);
    const paid = await op.pay({ order_id: order.id, amount: 60, currency: "eur" });
    await op.request("POST", `/clients/${a.clientId}/clock`, { advance_seconds: 0 });
    await op.runDeliveries();
    const exchange = exchangeSchema.parse((await apiB.request("GET", `/v1/exchanges/${paid.exchange_id}`)).body);
    expect(exchangeState(exchange)).toBe("executed");
    // A's own Lightning exchange, paid on A's clock a month ahead, is executed then
    const { order: orderA } = await lightningOrder(clientOf(a));
    const paidA = await op.pay({ order_id: orderA.id, amount: 60, currency: "eur" });
    const exchangeA = exchangeSchema.parse((await clientOf(a).request("GET", `/v1/exchanges/${paidA.exchange_id}`)).body);
    expect(Date.parse(exchangeA.executed_on ?? "") - Date.now()).toBeGreaterThan(28 * DAY * 1000);
    exchangeOfA = paidA.exchange_id;
  });
});

describe("the shared clock is the operator's, bounded, and put back with its objects mended", () => {
  it("past 366 days ahead of real time: 409 clock_limit; every timestamp the sandbox reaches is stored and read", async () => {
    const refused = await op.request("POST", "/clock", { advance_seconds: 400 * DAY });
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(refused.body).error).toBe("clock_limit");
    // as far as it goes: the shared clock with A's month on top stays within the bound
    const moved = await op.request("POST", "/clock", { advance_seconds: 330 * DAY });
    expect(moved.status).toBe(200);
    const api = clientOf(a);
    expect((await api.request("POST", "/v1/challenges", {})).status).toBe(201);
    expect((await op.request("POST", "/clock", { advance_seconds: 10 * DAY })).status).toBe(409);
  });

  it("an operator puts it back to the present in the console (audited): what happened is dated now, the rest as far", async () => {
    const api = clientOf(b);
    const challenge = challengeSchema.parse((await api.request("POST", "/v1/challenges", {})).body);
    const leftBefore = Date.parse(challenge.expires_on) - (await ownClock(b)).getTime();
    const operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const reset = parse(clockResetSchema, await operator.request("POST", "/api/operator/sandbox/clock/reset"), 200);
    expect(reset.moved_back_seconds).toBeGreaterThan(329 * DAY);
    expect(Math.abs(Date.parse(reset.now) - Date.now())).toBeLessThan(60_000);
    const after = challengeSchema.parse((await api.request("GET", `/v1/challenges/${challenge.id}`)).body);
    const leftAfter = Date.parse(after.expires_on) - (await ownClock(b)).getTime();
    expect(Math.abs(leftAfter - leftBefore)).toBeLessThan(60_000);
    // the challenge still works: an order made with it
    const { order } = await lightningOrder(api);
    expect(Date.parse(order.created_on) - Date.now()).toBeLessThan(60_000);
    const audit = parse(auditPageSchema, await operator.request("GET", "/api/audit?limit=20"), 200);
    expect(audit.data.map((entry) => entry.action)).toContain("sandbox.clock_reset");
  });

  it("a client's own clock is put back to the shared one, its exchange's dates with it; no other client's change", async () => {
    const clients = parse(clientListSchema, await op.request("GET", "/clients"), 200);
    const ahead = clients.clients.find((c) => c.client_id === a.clientId);
    expect(ahead?.clock_offset_seconds).toBeGreaterThan(28 * DAY);
    const operator = await DashboardSession.signIn("operator@example.com", password, { baseUrl: app.baseUrl });
    const reset = parse(clockResetSchema, await operator.request("POST", `/api/operator/sandbox/clients/${a.clientId}/clock/reset`), 200);
    expect(reset.moved_back_seconds).toBeGreaterThan(28 * DAY);
    expect(Math.abs((await ownClock(a)).getTime() - (await shared()).getTime())).toBeLessThan(60_000);
    // A's exchange, executed a month ahead (and refunded when the shared clock passed its payout's
    // 24 hours), is dated at the present at the latest
    const exchange = exchangeSchema.parse((await clientOf(a).request("GET", `/v1/exchanges/${exchangeOfA}`)).body);
    expect(Date.parse(exchange.executed_on ?? "") - Date.now()).toBeLessThan(60_000);
    expect(exchangeState(exchange)).toBe("refunded");
    const audit = parse(auditPageSchema, await operator.request("GET", "/api/audit?limit=20"), 200);
    const entry = audit.data.find((e) => e.action === "sandbox.client_clock_reset");
    expect(entry?.target).not.toContain(a.clientId);
  });
});
