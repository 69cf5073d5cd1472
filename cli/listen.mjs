import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { call } from "./client.mjs";
import { configDir, listenState, saveListenState, warnInClear } from "./config.mjs";
import { CliError, UsageError } from "./errors.mjs";
import { followStream } from "./follow-stream.mjs";
import { deliver } from "./forward.mjs";
import { clock, colours, line, note, parseVisible, statusColour } from "./output.mjs";
import {
  webhookEventDetailSchema,
  webhookEventPageSchema,
  webhookFrameSchema,
  webhookHealthSchema,
  webhookResentFrameSchema,
} from "./schemas.mjs";

// `listen`: every webhook the dashboard stores for the tenant, forwarded to the developer's
// local handler as the service would send it. The cursor of the last event handled is kept in
// the config directory after each one, and the stream resumes after it, so a restart of either
// side loses nothing and forwards nothing twice (an event whose forwarding a kill interrupts is
// sent again: at least once, as the service itself delivers). An event `events resend` sends
// again (from any machine, with any key of the tenant) comes on the same stream as
// `event: webhook_resent`, and is forwarded between the others, in the same queue.

/** @typedef {{ type: string | null, url: string }} Route */

/** `--forward-to url` or `--forward-to exchange.settled=url`. @param {string[]} values @returns {Route[]} */
export function parseRoutes(values) {
  if (values.length === 0) throw new UsageError("listen needs --forward-to <url> (e.g. http://localhost:4242/webhook)");
  return values.map((value) => {
    const typed = /^([\w.-]+)=(.+)$/.exec(value);
    const url = typed ? (typed[2] ?? "") : value;
    /** @type {URL} */
    let parsed;
    try {
      parsed = new URL(url);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("not http");
    } catch {
      throw new UsageError(`--forward-to ${value}: ${url} is not an http(s) URL`);
    }
    warnInClear(parsed, "--forward-to", "every webhook and its signature");
    return { type: typed ? (typed[1] ?? null) : null, url };
  });
}

/**
 * Where an event of `type` goes: the routes naming it, else the routes without a type.
 * @param {Route[]} routes @param {string | null} type
 */
export function targetsOf(routes, type) {
  const named = routes.filter((r) => r.type !== null && r.type === type);
  return named.length > 0 ? named : routes.filter((r) => r.type === null);
}

/** @typedef {{ forwardTo: string[], events?: string, format: "service" | "standard", retries: number, json: boolean }} ListenOptions */

/**
 * What forwarding an event needs: the dashboard, the options, where each type goes, which types
 * (null: every one), the local secrets, the colours, and the signal that stops it.
 * @typedef {{ connection: import("./client.mjs").Connection, options: ListenOptions, routes: Route[], only: Set<string> | null,
 *   secrets: { service: string, standard: string }, c: ReturnType<typeof colours>, signal: AbortSignal }} Forwarding
 */

/** `--events exchange.settled,exchange.refunded`: the types forwarded, or null for every type. @param {string | undefined} events */
function onlyTypes(events) {
  return events
    ? new Set(
        events
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      )
    : null;
}

/** @param {import("./client.mjs").Connection} connection @param {ListenOptions} options */
export async function listen(connection, options) {
  const routes = parseRoutes(options.forwardTo);
  const only = onlyTypes(options.events);
  const state = listenState();
  const c = colours();
  const stop = new AbortController();
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.once(signal, () => stop.abort());
  /** @type {Forwarding} */
  const forwarding = { connection, options, routes, only, secrets: state.secrets, c, signal: stop.signal };

  const { key: cursorKey, cursor: start } = await startingPoint(connection, state);
  let cursor = start;
  const keepCursor = (/** @type {number} */ seq) => {
    cursor = seq;
    state.cursors[cursorKey] = seq;
    saveListenState(state);
  };

  /** Runs one step after the other: stream frames and resends share the handler. */
  let queue = Promise.resolve();
  const serial = (/** @type {() => Promise<void>} */ step) => (queue = queue.then(step));

  const pidFile = path.join(configDir(), "listen.pid");
  writeFileSync(pidFile, String(process.pid), { mode: 0o600 });
  try {
    await followStream(connection, {
      signal: stop.signal,
      resumeAfter: () => cursor,
      // ready once the stream is open: from then on, an event resent reaches this listener
      onConnected: (again) =>
        again ? note(`${clock()}  ${c.green("connected again; resuming after event #" + cursor)}`) : ready(forwarding, cursor),
      onLost: (reason) => note(`${clock()}  ${c.yellow(`${reason}; connecting again…`)}`),
      onFrame: (frame) => {
        if (frame.event === "webhook_resent") {
          const { seq } = webhookResentFrameSchema.parse(parseVisible(frame.data));
          return serial(() => forwardStored(forwarding, seq, true));
        }
        if (frame.event !== "webhook") return;
        const notice = webhookFrameSchema.parse(parseVisible(frame.data));
        return serial(async () => {
          if (cursor !== null && notice.seq <= cursor) return;
          if (!only || only.has(notice.event ?? "")) await forwardStored(forwarding, notice.seq, false);
          if (!stop.signal.aborted) keepCursor(notice.seq);
        });
      },
    });
    await queue;
  } finally {
    stop.abort();
    rmSync(pidFile, { force: true });
  }
}

/**
 * Says the listener is ready: where it forwards, after which event, and the local secret that signs.
 * @param {Forwarding} forwarding @param {number} cursor
 */
function ready({ connection, options, routes, only, secrets, c }, cursor) {
  const secret = options.format === "standard" ? secrets.standard : secrets.service;
  line(
    options.json,
    { ready: true, format: options.format, secret, routes, events: only ? [...only] : null, after: cursor },
    [
      `${c.green("Ready.")} Forwarding the webhooks of ${connection.url} (after event #${cursor}) to:`,
      ...routes.map((r) => `  ${r.type ?? "every event"} → ${r.url}`),
      `Your local signing secret (${options.format === "standard" ? "Standard Webhooks" : "X-Signature-256"}) is ${c.bold(secret)}`,
    ].join("\n"),
  );
}

/**
 * Forwards the stored event `seq` to the routes of its type, unless its type is not forwarded.
 * @param {Forwarding} forwarding @param {number} seq @param {boolean} resent
 */
async function forwardStored(forwarding, seq, resent) {
  const { connection, options, c, signal } = forwarding;
  const detail = await untilReachable(
    // the raw body is forwarded byte for byte: it is never printed
    () => call(connection, "GET", `/api/webhook-events/${seq}`, { schema: webhookEventDetailSchema, verbatim: ["raw_body"] }),
    signal,
  );
  if (!detail) return;
  if (forwarding.only && !forwarding.only.has(detail.event ?? "")) return;
  const event = { rawBody: detail.raw_body, seq, userAgent: detail.headers["user-agent"] ?? null, correlationId: detail.correlation_id };
  for (const route of targetsOf(forwarding.routes, detail.event)) {
    const outcome = await deliver(
      {
        url: route.url,
        format: options.format,
        secrets: forwarding.secrets,
        retries: options.retries,
        signal,
        onFailedAttempt: (failed, waitMs) =>
          note(
            `${clock()}  ${c.yellow(`${detail.event} #${seq} → ${route.url}: ${failed.error ?? `HTTP ${failed.status}`}`)}` +
              c.yellow(`, trying again in ${(waitMs ?? 0) / 1000} s`),
          ),
      },
      event,
    );
    printOutcome(forwarding, { seq, detail, route, outcome, resent });
  }
}

/**
 * One delivery's line, and what to do when it failed for good.
 * @param {Forwarding} forwarding
 * @param {{ seq: number, detail: import("zod").infer<typeof webhookEventDetailSchema>, route: Route,
 *   outcome: import("./forward.mjs").Outcome, resent: boolean }} delivery
 */
function printOutcome({ options, c, signal }, { seq, detail, route, outcome, resent }) {
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const status = outcome.status === null ? `failed (${outcome.error})` : String(outcome.status);
  line(
    options.json,
    {
      at: new Date().toISOString(),
      seq,
      type: detail.event,
      exchange_id: detail.exchange_id,
      url: route.url,
      status: outcome.status,
      error: outcome.error,
      duration_ms: outcome.durationMs,
      attempts: outcome.attempt + 1,
      delivered,
      resent,
    },
    [
      clock(),
      c.bold(detail.event ?? "(no type)"),
      detail.exchange_id ?? "-",
      `→ ${statusColour(outcome.status)(status)}`,
      `${outcome.durationMs} ms`,
      ...(resent ? [c.dim("(resent)")] : []),
      ...(options.forwardTo.length > 1 ? [c.dim(route.url)] : []),
    ].join("  "),
  );
  if (!delivered && !signal.aborted) {
    note(
      c.red(
        `${detail.event} #${seq} was not delivered to ${route.url} after ${outcome.attempt + 1} attempts; ` +
          `send it again with: exchange-dashboard events resend ${seq}`,
      ),
    );
  }
}

/**
 * Where to start: after the last event forwarded for this dashboard and tenant (the tenant's
 * webhook endpoint names it: one key may serve one tenant, another key another), or after the
 * newest one stored on a first run. A kept cursor beyond the newest event means the dashboard's
 * store was made anew: it starts after the newest, and says so, rather than skip what comes.
 * @param {import("./client.mjs").Connection} connection @param {import("./config.mjs").ListenState} state
 */
async function startingPoint(connection, state) {
  const health = await call(connection, "GET", "/api/webhook-events/health", { schema: webhookHealthSchema });
  const key = `${connection.url} ${health.webhook_url.split("/").pop()}`;
  const newest = (await call(connection, "GET", "/api/webhook-events?limit=1", { schema: webhookEventPageSchema })).data[0]?.seq ?? 0;
  const kept = state.cursors[key];
  if (kept !== undefined && kept > newest) {
    note(
      `The cursor kept for ${connection.url} (#${kept}) is past its newest event (#${newest}): a new database? Starting after #${newest}.`,
    );
  }
  return { key, cursor: kept !== undefined && kept <= newest ? kept : newest };
}

/**
 * Calls `fn` again while the dashboard cannot be reached (it may be restarting); null once stopped.
 * @template T @param {() => Promise<T>} fn @param {AbortSignal} signal
 */
async function untilReachable(fn, signal) {
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof CliError && error.transient)) throw error;
      await sleep(Math.min(5_000, 500 * 2 ** attempt), undefined, { signal }).catch(() => undefined);
    }
  }
  return null;
}
