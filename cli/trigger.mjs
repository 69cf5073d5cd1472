import { call, refusal, unreachable } from "./client.mjs";
import { CliError, UsageError } from "./errors.mjs";
import { followStream } from "./follow-stream.mjs";
import { clock, colours, line, parseVisible } from "./output.mjs";
import { builtInScenarios } from "./scenarios.mjs";
import {
  errorBodySchema,
  exchangeIdSchema,
  scenarioListSchema,
  scenarioRunFrameSchema,
  scenarioRunSchema,
  startedRunSchema,
  webhookEventPageSchema,
} from "./schemas.mjs";

// `trigger <scenario>`: runs one of the sandbox's scenarios for the tenant
// (POST /api/sandbox/scenarios/{name}/runs) and prints the run's steps and the webhooks of its
// exchanges as they come, until the run has succeeded (exit 0) or failed (exit 1). The stream is
// opened before the run starts, so nothing it sets off is missed. A run can end before the
// stream has brought every webhook it caused: the webhooks printed are read from the stored
// ones of each exchange the run made (a standing order makes one per payment; after the last
// printed of each), at each webhook frame and once more at the end, so they come complete and in
// the order they arrived.

const POLL_MS = 3_000;

/** `--set amount=250 --set currency=eur`: numbers stay numbers. @param {string[]} pairs */
export function parseSets(pairs) {
  /** @type {Record<string, string | number>} */
  const set = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new UsageError(`--set ${pair}: write key=value`);
    const value = pair.slice(eq + 1);
    set[pair.slice(0, eq)] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return set;
}

/** @param {import("./client.mjs").Connection} connection @param {string} scenario @param {{ set: string[], json: boolean }} options */
export async function trigger(connection, scenario, options) {
  const set = parseSets(options.set);
  const c = colours();
  const stop = new AbortController();
  /** @type {import("zod").infer<typeof scenarioRunSchema> | null} */
  let run = null;
  const printed = new Set();
  const show = (/** @type {import("zod").infer<typeof scenarioRunSchema>} */ current) => {
    run = current;
    for (const [i, step] of current.steps.entries()) {
      const key = `${i}:${step.status}`;
      if (step.status === "pending" || step.status === "running" || printed.has(key)) continue;
      printed.add(key);
      const mark = step.status === "succeeded" ? c.green("✓") : c.red("✗");
      line(
        options.json,
        { run: current.id, step },
        `${clock()}  ${mark} ${step.name} (${step.kind})${step.error ? `: ${JSON.stringify(step.error)}` : ""}`,
      );
    }
    if (current.status !== "running") void catchUp().finally(() => stop.abort());
  };
  /** Each exchange of the run (a standing order makes several) with the seq of its last webhook printed. */
  const cursors = new Map();
  /** Prints the stored webhooks of the run's exchanges not printed yet, in the order they arrived. */
  const printNew = async () => {
    if (!run) return;
    const current = run;
    for (const id of exchangesOf(current)) if (!cursors.has(id)) cursors.set(id, 0);
    const pages = await Promise.all(
      [...cursors].map(async ([exchangeId, after]) => {
        const query = new URLSearchParams({ exchange_id: exchangeId, sort: "created", after: String(after), limit: "100" });
        return (await call(connection, "GET", `/api/webhook-events?${query}`, { schema: webhookEventPageSchema })).data;
      }),
    );
    for (const event of pages.flat().sort((a, b) => a.seq - b.seq)) {
      if (!event.exchange_id || event.seq <= (cursors.get(event.exchange_id) ?? 0)) continue;
      cursors.set(event.exchange_id, event.seq);
      line(options.json, { run: current.id, webhook: event }, `${clock()}  ${c.cyan(event.event ?? "(no type)")} #${event.seq}`);
    }
  };
  // one after the other, so that a webhook frame's catch-up and the final one never print an event twice
  let catchingUp = Promise.resolve();
  const catchUp = () => {
    const next = catchingUp.then(printNew);
    catchingUp = next.catch(() => undefined);
    return next;
  };
  const refresh = async () => {
    if (run?.status === "running")
      show(await call(connection, "GET", `/api/sandbox/scenario-runs/${run.id}`, { schema: scenarioRunSchema }));
  };
  // the run is also asked every few seconds, so that a frame missed in a reconnection cannot hold it
  const poll = setInterval(() => void refresh().catch(() => undefined), POLL_MS);
  let started = false;
  const following = followStream(connection, {
    signal: stop.signal,
    resumeAfter: () => null,
    onConnected: () => {
      if (started) return;
      started = true;
      void start();
    },
    onFrame: async (frame) => {
      if (frame.event === "webhook" && run?.exchange_id) await catchUp();
      if (frame.event === "scenario_run" && run && scenarioRunFrameSchema.safeParse(parseVisible(frame.data)).data?.id === run.id) {
        await refresh();
      }
    },
  });
  /** @type {unknown} */
  let failure = null;
  const start = async () => {
    try {
      const created = await startRun(connection, scenario, set);
      line(
        options.json,
        { run: created.id, scenario, exchange_id: created.exchange_id },
        `Running ${c.bold(scenario)} (run ${created.id})${created.exchange_id ? `, exchange ${created.exchange_id}` : ""}`,
      );
      show(created);
    } catch (error) {
      failure = error;
      stop.abort();
    }
  };
  await following.finally(() => clearInterval(poll));
  if (failure) throw failure;
  const finished = /** @type {import("zod").infer<typeof scenarioRunSchema> | null} */ (run);
  if (!finished) throw new CliError("The scenario's run was not followed to its end");
  const exchanges = exchangesOf(finished);
  line(
    options.json,
    { run: finished.id, status: finished.status, exchange_id: finished.exchange_id, exchange_ids: exchanges },
    (finished.status === "succeeded" ? c.green("Succeeded") : c.red("Failed")) +
      (exchanges.length > 0 ? `: exchange${exchanges.length > 1 ? "s" : ""} ${exchanges.join(", ")}` : ""),
  );
  if (finished.status !== "succeeded") throw new CliError(`The scenario ${scenario} failed`);
}

/**
 * POST the run, with the two refusals a developer meets said plainly.
 * @param {import("./client.mjs").Connection} connection @param {string} scenario @param {Record<string, string | number>} set
 */
async function startRun(connection, scenario, set) {
  const path = `/api/sandbox/scenarios/${encodeURIComponent(scenario)}/runs`;
  let response;
  try {
    response = await fetch(`${connection.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiKey}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ set }),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw unreachable(connection.url, error);
  }
  const body = await response.json().catch(() => null);
  if (response.status === 201) {
    const parsed = startedRunSchema.safeParse(body);
    if (!parsed.success)
      throw new CliError(`POST ${path} answered in a shape this command line does not know: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }
  const code = errorBodySchema.safeParse(body).data?.error;
  if (response.status === 404 && code === "not_found") {
    const names = await scenarioNames(connection);
    throw new UsageError(
      `There is no scenario named ${scenario}. The sandbox's scenarios: ${names.join(", ")} ` +
        "(`exchange-dashboard trigger --help` says what each does)",
    );
  }
  if (response.status === 409 && code === "conflict") {
    throw new CliError("Scenarios run only against the sandbox, and this tenant's upstream is the real service: nothing was done");
  }
  throw refusal(response, body);
}

/** The names the dashboard runs (GET /api/sandbox/scenarios); the built-ins this command line knows if it cannot say. */
async function scenarioNames(/** @type {import("./client.mjs").Connection} */ connection) {
  try {
    return (await call(connection, "GET", "/api/sandbox/scenarios", { schema: scenarioListSchema })).data.map((s) => s.name);
  } catch {
    return builtInScenarios.map((s) => s.name);
  }
}

/**
 * The run's exchanges in the order its steps made them: each payment's (a standing order pays
 * several times), then the one it acts on now.
 * @param {import("zod").infer<typeof scenarioRunSchema>} run
 */
function exchangesOf(run) {
  const made = run.steps.map((step) => exchangeIdSchema.safeParse(step.result).data?.exchange_id);
  return [...new Set([...made, run.exchange_id].filter((id) => typeof id === "string"))];
}
