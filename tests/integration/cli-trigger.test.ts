import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventPageSchema } from "@/lib/dashboard/contract/events-api";
import { scenarioListSchema, scenarioRunSchema } from "@/lib/dashboard/contract/scenarios-api";
import { parse } from "./harness/api";
import { runCli } from "./harness/cli";
import { cliEnv, session, setUpCliApp, tearDownCliApp } from "./harness/cli-app";

// `exchange-dashboard trigger` (docs/cli.md) run as a subprocess against an app of its own: a
// built-in scenario followed to its end, each step and the exchange's webhooks printed as they
// come (each exchange's, when a scenario makes several), the scenarios named in --help and in the
// refusal of an unknown one, both bad usage with exit code 2 (as is a --set that is not key=value).

beforeAll(setUpCliApp, 120_000);
afterAll(tearDownCliApp);

type Line = {
  run?: string;
  step?: { name: string; status: string };
  webhook?: { event: string | null; exchange_id?: string | null; seq?: number };
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

  it("standing-order-three-payments prints the exchange.executed of each of its three exchanges, in order", async () => {
    const result = await runCli(["trigger", "standing-order-three-payments", "--set", "interval_seconds=5", "--json"], cliEnv());
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const lines = result.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Line & { exchange_ids?: string[] });
    const last = lines.at(-1);
    expect(last?.status).toBe("succeeded");
    const run = parse(scenarioRunSchema, await session.request("GET", `/api/sandbox/scenario-runs/${last?.run}`), 200);
    const exchanges = run.steps.flatMap((s) => (s.kind === "pay" ? [String(s.result?.exchange_id)] : []));
    expect(new Set(exchanges).size).toBe(3);
    const printed = lines.flatMap((l) => (l.webhook ? [l.webhook] : []));
    expect(printed.map((w) => [w.event, w.exchange_id])).toEqual(exchanges.map((id) => ["exchange.executed", id]));
    expect(printed.map((w) => w.seq)).toEqual(printed.map((w) => w.seq).sort((a, b) => (a ?? 0) - (b ?? 0)));
    // the last line names every exchange of the run, not only the last one's
    expect(last?.exchange_ids).toEqual(exchanges);
  });

  it("trigger --help names every built-in scenario of the sandbox, in its order, with the values --set changes", async () => {
    const scenarios = parse(scenarioListSchema, await session.request("GET", "/api/sandbox/scenarios"), 200).data;
    const help = await runCli(["trigger", "--help"], {});
    expect(help.code).toBe(0);
    const section = help.stdout.slice(Math.max(0, help.stdout.indexOf("\nScenarios")));
    const listed = section.split("\n").flatMap((l) => /^ {2}([a-z][a-z0-9-]+) {2,}\S/.exec(l)?.[1] ?? []);
    expect(listed).toEqual(scenarios.map((s) => s.name));
    for (const scenario of scenarios) {
      const values = Object.entries(scenario.values).map(([k, v]) => `${k}=${v}`);
      expect(help.stdout).toMatch(new RegExp(`^ {2}${scenario.name} .*\\n +values: ${values.join(" ")}$`, "m"));
    }
  });

  it("an unknown scenario is bad usage, exit 2, answered with the names there are; a --set without '=' is bad usage too", async () => {
    const names = parse(scenarioListSchema, await session.request("GET", "/api/sandbox/scenarios"), 200).data.map((s) => s.name);
    const unknown = await runCli(["trigger", "no-such-scenario"], cliEnv());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`There is no scenario named no-such-scenario. The sandbox's scenarios: ${names.join(", ")}`);
    const bad = await runCli(["trigger", "onchain-buy-settled", "--set", "amount"], cliEnv());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--set amount: write key=value");
  });
});
