import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { storedEventsSchema } from "@/lib/dashboard/contract/dashboard-api";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { tenantCreatedSchema } from "@/lib/dashboard/contract/console-api";
import {
  builtInNames,
  scenarioListSchema,
  scenarioRunListSchema,
  scenarioRunSchema,
  type BuiltInScenario,
  type Scenario,
  type ScenarioRun,
} from "@/lib/dashboard/contract/scenarios-api";
import { errorCode, http, parse } from "./harness/api";
import { freePort } from "./harness/app-server";
import { DashboardSession } from "./harness/dashboard";
import { Forwarder } from "./harness/forwarder";
import { inviteAndJoin } from "./harness/invitations";
import { openSse } from "./harness/sse";
import { tenantWithAdmin, type Fixture } from "./harness/tenant-fixture";

// Sandbox scenarios driven through the dashboard's API against the real sandbox: each built-in
// runs to its end, and the webhooks the dashboard stored for its exchanges are the ones its
// documentation names, in order. A run is followed on the tenant's live stream until its
// `event: scenario_run` says it ended.

let tenant: Fixture;
let builtIns: BuiltInScenario[];
let forwarder: Forwarder | undefined;

beforeAll(async () => {
  tenant = await tenantWithAdmin();
  builtIns = parse(scenarioListSchema, await tenant.admin.request("GET", "/api/sandbox/scenarios"), 200).data;
});
afterAll(() => forwarder?.stop());

/** Starts a run and follows it on /api/events until it ends; the run as the API then answers it. */
async function runToEnd(session: DashboardSession, name: string, body: unknown = {}): Promise<ScenarioRun> {
  const stream = await openSse(`${inject("baseUrl")}/api/events`, { cookie: session.cookieHeader });
  try {
    await stream.waitFor((f) => f.comment === "connected");
    const started = parse(scenarioRunSchema, await session.request("POST", `/api/sandbox/scenarios/${name}/runs`, body), 201);
    expect(started.status).toBe("running");
    expect(started.steps.every((step) => step.status === "pending")).toBe(true);
    await stream.waitFor((f) => {
      if (f.event !== "scenario_run") return false;
      const frame = JSON.parse(f.data ?? "{}") as { id?: string; status?: string };
      return frame.id === started.id && frame.status !== "running";
    }, 60_000);
    return parse(scenarioRunSchema, await session.request("GET", `/api/sandbox/scenario-runs/${started.id}`), 200);
  } finally {
    await stream.close();
  }
}

/** The webhooks the dashboard stored for the run's exchanges (each payment's), in the order they were made. */
async function storedEvents(session: DashboardSession, run: ScenarioRun): Promise<string[]> {
  const exchangeIds = run.steps.filter((step) => step.kind === "pay").map((step) => String(step.result?.exchange_id));
  const events: string[] = [];
  for (const id of exchangeIds) {
    const stored = parse(storedEventsSchema, await session.request("GET", `/api/exchanges/${id}/events`), 200);
    events.push(...stored.data.map((event) => event.event ?? "?"));
  }
  return events;
}

describe("GET /api/sandbox/scenarios", () => {
  it("lists the six built-ins with their values and documented events", () => {
    expect(builtIns.map((s) => s.name).sort()).toEqual([
      "below-minimum-refunded",
      "identification-then-executed",
      "lightning-lnurl-withdraw",
      "onchain-buy-settled",
      "payout-failed-refunded",
      "standing-order-three-payments",
    ]);
    for (const scenario of builtIns) expect(scenario.events.length).toBeGreaterThan(0);
  });
});

describe("POST /api/sandbox/scenarios/{name}/runs – every built-in against the sandbox", () => {
  it.each(builtInNames)(
    "%s succeeds, and the stored webhooks are its documented events in order",
    async (name) => {
      const run = await runToEnd(tenant.admin, name);
      expect(run.steps.filter((step) => step.status !== "succeeded")).toEqual([]);
      expect(run).toMatchObject({ scenario: name, document_name: null, status: "succeeded" });
      expect(run.exchange_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(run.finished_at).not.toBeNull();
      const documented = builtIns.find((s) => s.name === name)?.events;
      expect(await storedEvents(tenant.admin, run)).toEqual(documented);
    },
    90_000,
  );

  it("set overrides a value: the payment is of that amount", async () => {
    const run = await runToEnd(tenant.admin, "below-minimum-refunded", { set: { amount: "7.5" } });
    expect(run.status).toBe("succeeded");
    const exchange = await tenant.admin.request("GET", `/api/exchanges/${run.exchange_id}`);
    expect(exchange.body).toMatchObject({ cost: 7.5, reason: { code: "threshold_exceeded" } });
  }, 60_000);
});

describe("custom documents", () => {
  const document: Scenario = {
    name: "two-step-payout",
    description: "An on-chain buy, broadcast after the clock moved a minute",
    values: { amount: 80, currency: "chf" },
    steps: [
      { name: "order", kind: "create_order", payout: "onchain", currency: "{{currency}}" },
      { name: "pay", kind: "pay", amount: "{{amount}}", currency: "{{currency}}" },
      { name: "executed", kind: "wait_for_event", event: "exchange.executed" },
      { name: "later", kind: "advance_clock", seconds: 60 },
      { name: "broadcast", kind: "move", to: "broadcast" },
      { name: "settled", kind: "wait_for_event", event: "exchange.settled", timeout_seconds: 20 },
    ],
  };

  it("a custom document runs with its values and set", async () => {
    const run = await runToEnd(tenant.admin, "custom", { document, set: { amount: 90 } });
    expect(run).toMatchObject({ scenario: "custom", document_name: "two-step-payout", status: "succeeded" });
    expect(await storedEvents(tenant.admin, run)).toEqual(["exchange.executed", "exchange.settled"]);
  }, 60_000);

  it("a step that does not fit the exchange fails the run with the sandbox's error, and the rest stay pending", async () => {
    const broken: Scenario = {
      ...document,
      steps: [document.steps[0], document.steps[1], { name: "confirm", kind: "move" as const, to: "confirmed" }, document.steps[2]].filter(
        (step) => step !== undefined,
      ),
    };
    const run = await runToEnd(tenant.admin, "custom", { document: broken });
    expect(run.status).toBe("failed");
    expect(run.steps.map((step) => step.status)).toEqual(["succeeded", "succeeded", "failed", "pending"]);
    expect(run.steps[2]?.error).toMatch(/409 invalid_transition/);
    expect(run.steps[2]?.failure).toMatchObject({ code: "upstream_refused", status: 409, error: "invalid_transition" });
  }, 60_000);

  it("a wait that sees fewer events than it awaits fails with the figures a page translates", async () => {
    const waiting: Scenario = {
      ...document,
      steps: [
        document.steps[0],
        document.steps[1],
        { name: "refunded", kind: "wait_for_event" as const, event: "exchange.refunded", timeout_seconds: 1 },
      ].filter((step) => step !== undefined),
    };
    const run = await runToEnd(tenant.admin, "custom", { document: waiting });
    expect(run.status).toBe("failed");
    expect(run.steps[2]).toMatchObject({
      status: "failed",
      error: "0 of 1 exchange.refunded stored for the exchange within 1 s",
      failure: { code: "event_timeout", event: "exchange.refunded", stored: 0, count: 1, seconds: 1 },
    });
  }, 60_000);

  it("steps out of order fail with the step they need, and lnurl_withdraw on an on-chain order names that", async () => {
    const paidTooEarly: Scenario = {
      ...document,
      steps: [document.steps[0], document.steps[1], { name: "paid", kind: "move" as const, to: "payout_paid" }].filter(
        (step) => step !== undefined,
      ),
    };
    const early = await runToEnd(tenant.admin, "custom", { document: paidTooEarly });
    expect(early.steps[2]).toMatchObject({ status: "failed", failure: { code: "step_missing", needs: "lnurl_withdraw" } });
    expect(early.steps[2]?.error).toMatch(/an lnurl_withdraw step must come first/);

    const onchain: Scenario = {
      ...document,
      steps: [document.steps[0], document.steps[1], { name: "withdraw", kind: "lnurl_withdraw" as const }].filter(
        (step) => step !== undefined,
      ),
    };
    const run = await runToEnd(tenant.admin, "custom", { document: onchain });
    expect(run.steps[2]).toMatchObject({ status: "failed", failure: { code: "not_lightning" } });
  }, 60_000);
});

describe("refusals", () => {
  it.each([
    ["an unknown scenario", "no-such-scenario", {}, 404, "not_found"],
    ["set naming no value", "onchain-buy-settled", { set: { colour: "blue" } }, 400, "invalid_request"],
    ["set with a value a step refuses", "onchain-buy-settled", { set: { currency: "usd" } }, 400, "invalid_request"],
    ["custom without a document", "custom", {}, 400, "invalid_request"],
    ["a built-in with a document", "onchain-buy-settled", { document: { name: "x", description: "x", steps: [] } }, 400, "invalid_request"],
    [
      "a document with an unknown step kind",
      "custom",
      { document: { name: "x", description: "x", steps: [{ name: "a", kind: "fly" }] } },
      400,
      "invalid_request",
    ],
    [
      "a document referring to no value",
      "custom",
      { document: { name: "x", description: "x", steps: [{ name: "a", kind: "advance_clock", seconds: "{{later}}" }] } },
      400,
      "invalid_request",
    ],
  ])("%s: POST …/%s/runs %j → %i %s", async (_, name, body, status, code) => {
    const reply = await tenant.admin.request("POST", `/api/sandbox/scenarios/${name}/runs`, body);
    expect([reply.status, errorCode(reply)]).toEqual([status, code]);
  });

  it("a bad set names the field in details", async () => {
    const reply = await tenant.admin.request("POST", "/api/sandbox/scenarios/onchain-buy-settled/runs", { set: { currency: "usd" } });
    expect((reply.body as { details: { path: string }[] }).details.map((d) => d.path)).toContain("steps.0.currency");
  });

  it("another tenant's run is 404, and its list does not hold it", async () => {
    const run = parse(scenarioRunSchema, await tenant.admin.request("POST", "/api/sandbox/scenarios/below-minimum-refunded/runs", {}), 201);
    const other = await DashboardSession.signIn("affiliate@example.com");
    expect(errorCode(await other.request("GET", `/api/sandbox/scenario-runs/${run.id}`))).toBe("not_found");
    expect(errorCode(await other.request("GET", "/api/sandbox/scenario-runs/not-a-uuid"))).toBe("not_found");
    const theirs = parse(scenarioRunListSchema, await other.request("GET", "/api/sandbox/scenario-runs?limit=100"), 200);
    expect(theirs.data.map((r) => r.id)).not.toContain(run.id);
    const mine = parse(scenarioRunListSchema, await tenant.admin.request("GET", "/api/sandbox/scenario-runs?limit=100"), 200);
    expect(mine.data.map((r) => r.id)).toContain(run.id);
    expect(errorCode(await tenant.admin.request("GET", "/api/sandbox/scenario-runs?limit=0"))).toBe("invalid_request");
  });

  it("API keys: a read key lists and reads, but only a write key starts a run", async () => {
    const key = async (scopes: string[]) =>
      parse(apiKeyCreatedSchema, await tenant.admin.request("POST", "/api/settings/api-keys", { name: scopes.join("+"), scopes }), 201).key;
    const reader = { authorization: `Bearer ${await key(["read"])}` };
    const writer = { authorization: `Bearer ${await key(["write"])}` };
    const base = inject("baseUrl");
    expect((await http("GET", `${base}/api/sandbox/scenarios`, { headers: reader })).status).toBe(200);
    expect((await http("GET", `${base}/api/sandbox/scenario-runs`, { headers: reader })).status).toBe(200);
    const refused = await http("POST", `${base}/api/sandbox/scenarios/below-minimum-refunded/runs`, { body: {}, headers: reader });
    expect([refused.status, errorCode(refused)]).toEqual([403, "insufficient_scope"]);
    const started = await http("POST", `${base}/api/sandbox/scenarios/below-minimum-refunded/runs`, { body: {}, headers: writer });
    expect(started.status).toBe(201);
  });

  it("a viewer may read runs but not start one", async () => {
    const joined = await inviteAndJoin(tenant.admin, "viewer");
    const viewer = await DashboardSession.signIn(joined.email, joined.password);
    expect((await viewer.request("GET", "/api/sandbox/scenario-runs")).status).toBe(200);
    expect(errorCode(await viewer.request("POST", "/api/sandbox/scenarios/onchain-buy-settled/runs", {}))).toBe("forbidden");
  });

  it("a tenant whose upstream is not this app's sandbox → 409 conflict, saying why", async () => {
    const operatorSession = await DashboardSession.signIn("operator@example.com");
    // the same sandbox, reached through another port: to the dashboard, a service of its own
    forwarder = new Forwarder(await freePort(), new URL(inject("baseUrl")));
    await forwarder.start();
    const created = parse(
      tenantCreatedSchema,
      await operatorSession.request("POST", "/api/operator/tenants", {
        name: `Elsewhere ${randomUUID().slice(0, 8)}`,
        base_url: `http://127.0.0.1:${forwarder.port}/sandbox`,
        client_id: tenant.clientId,
        network: "testnet",
      }),
      201,
    );
    const joined = await inviteAndJoin(operatorSession, "admin", { path: `/api/settings/team?tenant_id=${created.id}` });
    const admin = await DashboardSession.signIn(joined.email, joined.password);
    const reply = await admin.request("POST", "/api/sandbox/scenarios/onchain-buy-settled/runs", {});
    expect([reply.status, errorCode(reply)]).toEqual([409, "conflict"]);
    expect((reply.body as { details: { message: string }[] }).details[0]?.message).toMatch(
      /only while the tenant's upstream is this app's sandbox/,
    );
  });
});
