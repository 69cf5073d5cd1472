import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { scenarioListSchema, scenarioRunSchema } from "@/lib/dashboard/contract/scenarios-api";
import { parse } from "./harness/api";
import { runCli } from "./harness/cli";
import { cliEnv, session, setUpCliApp, tearDownCliApp } from "./harness/cli-app";

// `exchange-dashboard trigger` (docs/cli.md) run as a subprocess against an app of its own: a
// built-in scenario followed to its end, each step and the exchange's webhooks printed as they
// come, and the refusals a developer meets said plainly with exit code 1 (an unknown scenario)
// or 2 (a --set that is not key=value).

beforeAll(setUpCliApp, 120_000);
afterAll(tearDownCliApp);

type Line = {
  run?: string;
  step?: { name: string; status: string };
  webhook?: { event: string | null };
  status?: string;
  exchange_id?: string;
};

describe("exchange-dashboard trigger", () => {
  it("runs onchain-buy-settled with a value set, prints every step and the exchange's webhooks in order, and exits 0", async () => {
    const scenario = parse(scenarioListSchema, await session.request("GET", "/api/sandbox/scenarios"), 200).data.find(
      (s) => s.name === "onchain-buy-settled",
    );
    if (!scenario) throw new Error("no built-in onchain-buy-settled");
    const result = await runCli(["trigger", "onchain-buy-settled", "--set", "amount=75", "--json"], cliEnv());
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const lines = result.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Line);
    const last = lines.at(-1);
    expect(last?.status).toBe("succeeded");
    // every step once, succeeded, in the scenario's order
    expect(lines.flatMap((l) => (l.step ? [[l.step.name, l.step.status]] : []))).toEqual(scenario.steps.map((s) => [s.name, "succeeded"]));
    // the run as the dashboard has it: the amount set, the exchange it made
    const run = parse(scenarioRunSchema, await session.request("GET", `/api/sandbox/scenario-runs/${last?.run}`), 200);
    expect([run.status, run.exchange_id]).toEqual(["succeeded", last?.exchange_id]);
    // the webhooks printed are the exchange's, in the order the scenario documents them
    const printed = lines.flatMap((l) => (l.webhook ? [l.webhook.event] : []));
    expect(printed).toEqual(scenario.events);
    const stored = parse(
      webhookEventPageSchema,
      await session.request("GET", `/api/webhook-events?exchange_id=${run.exchange_id}&sort=created&limit=50`),
      200,
    );
    expect(stored.data.map((e) => e.event)).toEqual(scenario.events);
  });

  it("an unknown scenario is refused in a sentence, exit 1; a --set without '=' is bad usage, exit 2", async () => {
    const unknown = await runCli(["trigger", "no-such-scenario"], cliEnv());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("There is no scenario named no-such-scenario");
    const bad = await runCli(["trigger", "onchain-buy-settled", "--set", "amount"], cliEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--set amount: write key=value");
  });
});
