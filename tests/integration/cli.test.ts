import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyCreatedSchema } from "@/lib/dashboard/contract/api-keys-api";
import { webhookEventDetailSchema } from "@/lib/dashboard/contract/events-api";
import { clientListSchema } from "@/lib/service-api/operator-contract";
import { http, parse } from "./harness/api";
import { freePort } from "./harness/app-server";
import { CliRun, configHome, entry, runCli } from "./harness/cli";
import { operatorKey, password } from "./harness/forwarding";
import { tenantWithAdmin } from "./harness/tenant-fixture";
import { Terminal } from "./harness/terminal";
import {
  app,
  bodiesOf,
  cliEnv,
  executedExchange,
  key,
  newKey,
  ready,
  receiver,
  session,
  setUpCliApp,
  tearDownCliApp,
} from "./harness/cli-app";

// The developer's command line (docs/cli.md) run as a subprocess against an app of its own
// (harness/cli-app.ts): login, logs tail, events, and how each refusal ends. `listen` has its own
// file, cli-listen.test.ts, and `trigger` cli-trigger.test.ts. `login` is also run as a person
// runs it (docs/cli.md, step 2): in a real terminal (a tmux pane), the key typed at the prompt,
// the screen read as they see it: the prompt must stay while it waits, and nothing typed may show.

beforeAll(setUpCliApp, 120_000);

/** The demo tenant's API client at the app's sandbox (the operator lists every client). */
async function demoClientId(): Promise<string> {
  const reply = await http("GET", `${app.baseUrl}/sandbox/operator/clients`, { headers: { authorization: `Bearer ${operatorKey}` } });
  const demo = parse(clientListSchema, reply, 200).clients.find((client) => client.name === "Demo Affiliate");
  if (!demo) throw new Error("no demo client");
  return demo.client_id;
}
afterAll(tearDownCliApp);

describe("exchange-dashboard login", () => {
  it("checks the key, keeps URL and key in a config file readable by its owner only, and never prints the key", async () => {
    const home = configHome();
    const result = await runCli(["login", "--url", app.baseUrl], { XDG_CONFIG_HOME: home, EXCHANGE_DASHBOARD_API_KEY: key });
    expect(result.code, result.stderr).toBe(0);
    const file = path.join(home, "exchange-dashboard", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ url: app.baseUrl, api_key: key });
    expect(result.stdout + result.stderr).not.toContain(key);
    // the kept config is used by the next command without flags or environment
    const listed = await runCli(["events", "list", "--json"], { XDG_CONFIG_HOME: home });
    expect(listed.code, listed.stderr).toBe(0);
  });

  it("a key piped to stdin (not a terminal) is read from its first line; an empty stdin is bad usage", async () => {
    const home = configHome();
    const result = await runCli(["login", "--url", app.baseUrl], { XDG_CONFIG_HOME: home }, `${key}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(home, "exchange-dashboard", "config.json"), "utf8"))).toEqual({
      url: app.baseUrl,
      api_key: key,
    });
    expect(result.stdout + result.stderr).not.toContain(key);

    const empty = await runCli(["login", "--url", app.baseUrl], { XDG_CONFIG_HOME: configHome() }, "");
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining("No API key")]);
  });
});

/** `login` in a tmux pane of its own, with a config directory of its own. */
async function loginInTerminal() {
  const home = configHome();
  const terminal = await Terminal.start([process.execPath, entry, "login", "--url", app.baseUrl], {
    TERM: "screen",
    LANG: "C.UTF-8",
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    XDG_CONFIG_HOME: home,
    NODE_ENV: "production",
  });
  return { terminal, config: path.join(home, "exchange-dashboard", "config.json") };
}

const PROMPT = "API key (";
const promptLine = (screen: string) => screen.split("\n").find((l) => l.startsWith(PROMPT));
const untilPrompt = (terminal: Terminal) => terminal.until((s) => promptLine(s) !== undefined, "the prompt");

describe("exchange-dashboard login in a terminal", () => {
  it("asks for the key with its prompt on screen, shows nothing of what is typed, and logs in with it", async () => {
    const { config, terminal } = await loginInTerminal();
    try {
      const waiting = await untilPrompt(terminal);
      expect(waiting).not.toContain("[exited");

      await terminal.type(key);
      // typed, not yet entered: the prompt is still the line's whole text
      const typed = await terminal.screen();
      expect(promptLine(typed), typed).toMatch(/^API key \(.*\): ?$/);
      expect(typed).not.toContain(key.slice(0, 12));

      await terminal.press("Enter");
      const done = await terminal.until((s) => s.includes("[exited"), "the end of login");
      expect(done).toContain("[exited 0]");
      expect(done).toContain(`Logged in to ${app.baseUrl}`);
      // the prompt stayed, with nothing after it: no character of the key, no mask
      expect(promptLine(done), done).toMatch(/^API key \(.*\): ?$/);
      for (const part of [key.slice(0, 12), key.slice(12, 28), key.slice(28)]) expect(done).not.toContain(part);
      expect(JSON.parse(readFileSync(config, "utf8"))).toEqual({ url: app.baseUrl, api_key: key });
    } finally {
      await terminal.close();
    }
  });

  it("Backspace takes back what was typed last: a slip corrected before Enter logs in with the key", async () => {
    const { config, terminal } = await loginInTerminal();
    try {
      await untilPrompt(terminal);
      await terminal.type(`${key.slice(0, 20)}Xy`);
      await terminal.press("BSpace");
      await terminal.press("BSpace");
      await terminal.type(key.slice(20));
      await terminal.press("Enter");
      const done = await terminal.until((s) => s.includes("[exited"), "the end of login");
      expect(done).toContain("[exited 0]");
      expect(promptLine(done), done).toMatch(/^API key \(.*\): ?$/);
      for (const part of [key.slice(0, 12), "Xy", key.slice(20)]) expect(done).not.toContain(part);
      expect(JSON.parse(readFileSync(config, "utf8"))).toEqual({ url: app.baseUrl, api_key: key });
    } finally {
      await terminal.close();
    }
  });

  it("Ctrl-C at the prompt ends login with status 1 and a sentence, keeping nothing", async () => {
    const { config, terminal } = await loginInTerminal();
    try {
      await untilPrompt(terminal);
      await terminal.type(key.slice(0, 20));
      await terminal.press("C-c");
      const done = await terminal.until((s) => s.includes("[exited"), "the end of login");
      expect(done).toContain("[exited 1]");
      expect(done).toContain("Login cancelled: nothing was kept");
      expect(done).not.toContain(key.slice(0, 12));
      expect(existsSync(config)).toBe(false);
    } finally {
      await terminal.close();
    }
  });
});

describe("exchange-dashboard logs tail, events", () => {
  it("logs tail prints a call to the service made while it runs, and --status leaves others out", async () => {
    const exchange = await executedExchange();
    const all = CliRun.start(["logs", "tail", "--json", "--path", "/sandbox/v1/exchanges/"], cliEnv());
    const errors = CliRun.start(["logs", "tail", "--json", "--status", "4xx"], cliEnv());
    await Promise.all([ready(all), ready(errors)]);
    // asks the service afresh: one upstream call in the tenant's request log
    const read = await session.request("GET", `/api/exchanges/${exchange}`, undefined, { "cache-control": "no-cache" });
    expect(read.status).toBe(200);
    // the upstream base URL is this app's sandbox: the path is the sandbox's
    const called = `/sandbox/v1/exchanges/${exchange}`;
    await all.until(() => all.lines().some((l) => l.path === called && l.source === "dashboard"), 20_000, "the logged call");
    expect(all.lines().find((l) => l.path === called && l.source === "dashboard")).toMatchObject({ method: "GET", status: 200 });
    expect(all.lines().every((l) => l.ready === true || String(l.path).startsWith("/sandbox/v1/exchanges/"))).toBe(true);
    expect(errors.lines().filter((l) => l.path === called)).toEqual([]);
    await Promise.all([all.stop(), errors.stop()]);
  });

  it("logs tail prints each call once, under the page's word for its source; --source integration leaves the dashboard's out", async () => {
    const exchange = await executedExchange();
    const clientId = await demoClientId();
    const called = `/sandbox/v1/exchanges/${exchange}`;
    const all = CliRun.start(["logs", "tail", "--json", "--path", called], cliEnv());
    const own = CliRun.start(["logs", "tail", "--json", "--source", "integration", "--path", called], cliEnv());
    const plain = CliRun.start(["logs", "tail", "--path", called], cliEnv());
    await Promise.all([ready(all), ready(own), plain.until(() => plain.stdout.includes("Following the request log"))]);
    // the dashboard asks the sandbox afresh, then the integration calls it itself
    expect((await session.request("GET", `/api/exchanges/${exchange}`, undefined, { "cache-control": "no-cache" })).status).toBe(200);
    await all.until(() => all.lines().some((l) => l.source === "dashboard"), 20_000, "the dashboard's call");
    const direct = await http("GET", `${app.baseUrl}${called}`, { headers: { authorization: `client_id ${clientId}` } });
    expect(direct.status).toBe(200);
    await all.until(() => all.lines().some((l) => l.source === "integration"), 20_000, "the integration's call");
    await own.until(() => own.lines().some((l) => l.source === "integration"), 20_000, "the integration's call, filtered");
    await plain.until(() => plain.stdout.includes(" integration #"), 20_000, "the integration's line");
    const calls = (run: CliRun) => run.lines().filter((l) => l.ready !== true);
    expect(calls(all).map((l) => l.source)).toEqual(["dashboard", "integration"]);
    expect(calls(own).map((l) => l.source)).toEqual(["integration"]);
    const lines = plain.stdout.split("\n").filter((l) => l.includes(called));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ dashboard #\d+$/);
    expect(lines[1]).toMatch(/ integration #\d+$/);
    await Promise.all([all.stop(), own.stop(), plain.stop()]);
  });

  it("events list shows the stored webhooks; resend sends one to forwarding endpoints and every listener of its tenant", async () => {
    const exchange = await executedExchange();
    receiver.answerWith((_, res) => res.end());
    // two listeners of the tenant, each with a config directory of its own, and one of another tenant
    const listeners = [
      CliRun.start(["listen", "--json", "--forward-to", `${receiver.url}/resend`], cliEnv(configHome())),
      CliRun.start(["listen", "--json", "--forward-to", `${receiver.url}/resend-too`], cliEnv(configHome(), (await newKey(["read"])).key)),
    ];
    const other = await tenantWithAdmin({ baseUrl: app.baseUrl, operatorKey, password });
    const otherKey = parse(
      apiKeyCreatedSchema,
      await other.admin.request("POST", "/api/settings/api-keys", { name: "other tenant", scopes: ["read"] }),
      201,
    ).key;
    const stranger = CliRun.start(["listen", "--json", "--forward-to", `${receiver.url}/other-tenant`], cliEnv(configHome(), otherKey));
    await Promise.all([...listeners, stranger].map(ready));
    // the command runs with yet another config directory: nothing of it reaches the listeners but the dashboard
    const home = configHome();
    const listed = await runCli(["events", "list", "--json", "--limit", "5"], cliEnv(home));
    expect(listed.code, listed.stderr).toBe(0);
    const event = JSON.parse(listed.stdout.split("\n")[0] ?? "{}") as { seq: number; event: string; exchange_id: string };
    expect(event).toMatchObject({ event: "exchange.executed", exchange_id: exchange });

    const endpoint = await session.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/forwarded` });
    expect(endpoint.status).toBe(201);
    try {
      const resent = await runCli(["events", "resend", String(event.seq), "--json"], cliEnv(home));
      expect(resent.code, resent.stderr).toBe(0);
      expect(JSON.parse(resent.stdout)).toMatchObject({ seq: event.seq, forwarding_deliveries: 1, listener_pid: null });
      await receiver.until(
        () => ["/resend", "/resend-too", "/forwarded"].every((path) => receiver.on(path).length === 1),
        20_000,
        "the resends",
      );
      const raw = parse(webhookEventDetailSchema, await session.request("GET", `/api/webhook-events/${event.seq}`), 200).raw_body;
      for (const path of ["/resend", "/resend-too", "/forwarded"]) expect(bodiesOf(receiver.on(path))).toEqual([raw]);
      for (const listener of listeners) await listener.until(() => listener.lines().some((l) => l.resent === true && l.seq === event.seq));
      // the other tenant's listener heard nothing of it (it would have asked its own dashboard for the event, and stopped at a 404)
      expect(receiver.on("/other-tenant")).toEqual([]);
      expect(stranger.lines().filter((l) => l.resent === true)).toEqual([]);
      expect(stranger.stderr).toBe("");
    } finally {
      await session.request("DELETE", `/api/forwarding/endpoints/${(endpoint.body as { id: string }).id}`);
      await Promise.all([...listeners, stranger].map((run) => run.stop()));
    }
  });
});

describe("exchange-dashboard events resend, in words", () => {
  it("says no forwarding endpoint is set up (and where to add one), or how many took it in the singular or plural", async () => {
    await executedExchange();
    const home = configHome();
    const listed = await runCli(["events", "list", "--json", "--limit", "1"], cliEnv(home));
    const event = JSON.parse(listed.stdout.split("\n")[0] ?? "{}") as { seq: number; event: string };
    expect(event.event).toBe("exchange.executed");
    const resend = async () => {
      const result = await runCli(["events", "resend", String(event.seq)], cliEnv(home));
      expect(result.code, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    const noListener =
      "every listener of the tenant running now forwards it (none runs with this config directory; one started later does not)";
    expect(await resend()).toBe(
      `${event.event} #${event.seq}: not queued for any forwarding endpoint: none is set up (add one under Settings → Forwarding); ` +
        noListener,
    );

    const made: string[] = [];
    const endpoint = async (body: Record<string, unknown>) => {
      const reply = await session.request("POST", "/api/forwarding/endpoints", { url: `${receiver.url}/words`, ...body });
      expect(reply.status).toBe(201);
      made.push((reply.body as { id: string }).id);
    };
    try {
      await endpoint({ event_types: ["exchange.refunded"] });
      expect(await resend()).toBe(
        `${event.event} #${event.seq}: not queued for any forwarding endpoint: the one set up is not enabled for ` +
          `${event.event} events (see Settings → Forwarding); ${noListener}`,
      );
      await endpoint({});
      expect(await resend()).toBe(`${event.event} #${event.seq}: queued for 1 forwarding endpoint; ${noListener}`);
      await endpoint({});
      expect(await resend()).toBe(`${event.event} #${event.seq}: queued for 2 forwarding endpoints; ${noListener}`);
    } finally {
      for (const id of made) await session.request("DELETE", `/api/forwarding/endpoints/${id}`);
    }
  });
});

describe("exchange-dashboard's refusals", () => {
  it("a revoked key ends a running listener and refuses every command, with exit status 1 and a clear message", async () => {
    const created = await newKey(["read"]);
    const listener = CliRun.start(["listen", "--forward-to", `${receiver.url}/revoked`], cliEnv(configHome(), created.key));
    await listener.until(() => listener.stdout.includes("Ready."));
    expect((await session.request("DELETE", `/api/settings/api-keys/${created.id}`)).status).toBe(204);
    expect(await listener.exited).toBe(1);
    expect(listener.stderr).toContain("refused the API key");
    const listed = await runCli(["events", "list"], cliEnv(configHome(), created.key));
    expect([listed.code, listed.stderr]).toEqual([1, expect.stringContaining("refused the API key (unknown or revoked)")]);
    expect(listed.stderr + listener.stderr).not.toContain(created.key);
  });

  it("an unreachable dashboard is exit status 1, naming the URL", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    for (const args of [["events", "list"], ["listen", "--forward-to", `${receiver.url}/x`], ["login"]]) {
      const result = await runCli([...args, "--url", nowhere], { XDG_CONFIG_HOME: configHome(), EXCHANGE_DASHBOARD_API_KEY: key });
      expect([args[0], result.code, result.stderr]).toEqual([
        args[0],
        1,
        expect.stringContaining(`Cannot reach the dashboard at ${nowhere}`),
      ]);
    }
  });

  it.each([
    ["no --forward-to", ["listen"], "listen needs --forward-to"],
    ["a --forward-to that is not a URL", ["listen", "--forward-to", "exchange.settled=localhost"], "is not an http(s) URL"],
    ["an unknown --format", ["listen", "--forward-to", "http://127.0.0.1:9/", "--format", "xml"], "Allowed choices are service, standard"],
    ["an unknown command", ["lisen"], "unknown command 'lisen'"],
    ["events resend without an id", ["events", "resend"], "missing required argument 'seq'"],
    ["a bad --status", ["logs", "tail", "--status", "bad"], "--status bad"],
    ["a --set without =", ["trigger", "onchain-settled", "--set", "amount"], "--set amount: write key=value"],
  ])("%s is a usage error: exit status 2", async (_, args, message) => {
    const result = await runCli(args, cliEnv());
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining(message)]);
  });

  it("--help of every command ends with 0", async () => {
    for (const args of [[], ["login"], ["listen"], ["logs", "tail"], ["events", "list"], ["events", "resend"], ["trigger"]]) {
      const result = await runCli([...args, "--help"], {});
      expect([args.join(" "), result.code, result.stdout]).toEqual([
        args.join(" "),
        0,
        expect.stringContaining("Usage: exchange-dashboard"),
      ]);
    }
  });
});
