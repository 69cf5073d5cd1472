#!/usr/bin/env node
// The developer's command line for the dashboard: `exchange-dashboard --help` lists its commands,
// `exchange-dashboard <command> --help` each one's options. Plain JavaScript for Node.js 20, so
// that `npx exchange-dashboard` runs straight after `npm ci`, with no build. Exit status: 0 done,
// 1 failed (the dashboard refused or could not be reached, a delivery or scenario failed), 2 a
// usage error. docs/cli.md walks through it.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { connection } from "./config.mjs";
import { CliError } from "./errors.mjs";
import { listEvents, resendEvent } from "./events.mjs";
import { listen } from "./listen.mjs";
import { login } from "./login.mjs";
import { logsTail } from "./logs.mjs";
import { colours, visibleText } from "./output.mjs";
import { scenariosHelp } from "./scenarios.mjs";
import { trigger } from "./trigger.mjs";

const collect = (/** @type {string} */ value, /** @type {string[]} */ previous) => [...previous, value];

/** The options every command shares, read off the program. @param {Command} command */
const shared = (command) => /** @type {{ url?: string, apiKey?: string, json: boolean }} */ (command.optsWithGlobals());

const program = new Command("exchange-dashboard")
  .description("Develop against the exchange dashboard and its sandbox from a terminal")
  .option("--url <url>", "the dashboard's URL (overrides login's)")
  .option(
    "--api-key <key>",
    "an API key of the dashboard (overrides login's and EXCHANGE_DASHBOARD_API_KEY); other users of this machine can read it " +
      "in the process list (ps): prefer login's prompt or EXCHANGE_DASHBOARD_API_KEY",
  )
  .option("--json", "print one JSON object a line", false)
  .showHelpAfterError()
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(colours(process.stderr).red(text)) });

// a key on the command line is in the process list for every user of the machine to read
program.hook("preAction", (command) => {
  if (shared(command).apiKey) {
    process.stderr.write(
      "note: --api-key can be read by other users of this machine in the process list (ps); " +
        "prefer `exchange-dashboard login`'s prompt or EXCHANGE_DASHBOARD_API_KEY\n",
    );
  }
});

program
  .command("login")
  .description("check an API key against the dashboard and keep it with the URL in the config file")
  .action(async (_, command) => login(shared(command)));

program
  .command("listen")
  .description("forward the tenant's webhooks to a local handler, signed with a local secret")
  .option("--forward-to <url>", "where to POST them; type=url routes one event type (repeatable)", collect, [])
  .option("--events <types>", "only these event types, comma-separated (e.g. exchange.settled,exchange.refunded)")
  .addOption(
    new Option("--format <format>", "service: X-Signature-256 as the service signs; standard: Standard Webhooks")
      .choices(["service", "standard"])
      .default("service"),
  )
  .option("--retries <n>", "retries of a refused or unreachable handler, after 0.5, 1, 2 … s", (v) => parseRetries(v), 5)
  .action(async (options, command) => listen(connection(shared(command)), { ...options, json: shared(command).json }));

const logs = program.command("logs").description("the tenant's request log");
logs
  .command("tail")
  .description("print calls as they are logged (the key needs the logs scope)")
  .option("--status <status>", "a class (4xx) or one status (500)")
  .option("--path <prefix>", "paths starting with this")
  .option("--method <method>", "GET, POST, PATCH …")
  .addOption(
    new Option(
      "--source <source>",
      "dashboard: the dashboard's calls to the service; integration: your API client's own calls to the sandbox",
    ).choices(["dashboard", "integration"]),
  )
  .action(async (options, command) => logsTail(connection(shared(command)), { ...options, json: shared(command).json }));

const events = program.command("events").description("the webhooks the dashboard stored");
events
  .command("list")
  .description("the latest webhooks, newest first")
  .option("--limit <n>", "how many (1 to 100)", "20")
  .option("--type <type>", "only this event type")
  .action(async (options, command) => listEvents(connection(shared(command)), { ...options, json: shared(command).json }));
events
  .command("resend")
  .description("send one again to the tenant's forwarding endpoints and to the running listener")
  .argument("<seq>", "the event's number, as `events list` shows it")
  .action(async (seq, _, command) => resendEvent(connection(shared(command)), seq, shared(command)));

program
  .command("trigger")
  .description("run a sandbox scenario and follow its steps and webhooks")
  .argument("<scenario>", "the scenario's name, one of those below")
  .option("--set <key=value>", "a value of the scenario to override (repeatable)", collect, [])
  .addHelpText("after", scenariosHelp())
  .action(async (scenario, options, command) => trigger(connection(shared(command)), scenario, { ...options, json: shared(command).json }));

function parseRetries(/** @type {string} */ value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 20) throw new InvalidArgumentError("a whole number from 0 to 20");
  return n;
}

try {
  await program.parseAsync();
  process.exit(0);
} catch (error) {
  if (error instanceof CommanderError) {
    // help asked for, or the version, ends with 0; everything commander refuses is a usage error
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  if (error instanceof CliError) {
    process.stderr.write(`${colours(process.stderr).red("error:")} ${visibleText(error.message)}\n`);
    process.exit(error.exitCode);
  }
  throw error;
}
