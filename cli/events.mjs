import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { call } from "./client.mjs";
import { configDir } from "./config.mjs";
import { UsageError } from "./errors.mjs";
import { line } from "./output.mjs";
import { endpointListSchema, eventResentSchema, webhookEventDetailSchema, webhookEventPageSchema } from "./schemas.mjs";

// `events list` and `events resend`: the webhooks the dashboard stored for the tenant, and one of
// them sent again by the dashboard: to the tenant's forwarding endpoints, and to every `listen`
// of the tenant running now, on the event stream it follows (`event: webhook_resent`).

/** @param {import("./client.mjs").Connection} connection @param {{ limit: string, type?: string, json: boolean }} options */
export async function listEvents(connection, options) {
  const limit = Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError("--limit takes a whole number from 1 to 100");
  const query = new URLSearchParams({ limit: String(limit) });
  if (options.type) query.set("type", options.type);
  const page = await call(connection, "GET", `/api/webhook-events?${query}`, { schema: webhookEventPageSchema });
  if (options.json) {
    for (const event of page.data) line(true, event, "");
    return;
  }
  if (page.data.length === 0) return line(false, null, "No webhooks stored yet.");
  for (const e of page.data) {
    line(false, e, `${String(e.seq).padStart(6)}  ${e.received_at}  ${(e.event ?? "(no type)").padEnd(22)} ${e.exchange_id ?? "-"}`);
  }
}

/** @param {import("./client.mjs").Connection} connection @param {string} id @param {{ json: boolean }} options */
export async function resendEvent(connection, id, options) {
  if (!/^[1-9]\d{0,15}$/.test(id)) throw new UsageError(`${id} is not an event number (the seq that \`events list\` shows)`);
  const detail = await call(connection, "GET", `/api/webhook-events/${id}`, { schema: webhookEventDetailSchema });
  const resent = await call(connection, "POST", `/api/webhook-events/${id}/resend`, { schema: eventResentSchema });
  const listener = runningListener();
  const queued = resent.forwarding_deliveries;
  const forwarded =
    queued > 0
      ? `queued for ${queued} forwarding endpoint${queued === 1 ? "" : "s"}`
      : `not queued for any forwarding endpoint: ${options.json ? "" : await noEndpoint(connection, detail.event)}`;
  line(
    options.json,
    { seq: resent.seq, type: detail.event, forwarding_deliveries: queued, listener_pid: listener },
    [
      `${detail.event} #${id}: ${forwarded}`,
      listener === null
        ? "every listener of the tenant running now forwards it (none runs with this config directory; one started later does not)"
        : `every listener of the tenant running now forwards it (here: pid ${listener})`,
    ].join("; "),
  );
}

/**
 * Why no forwarding endpoint took the event, as far as the dashboard says, and what to do.
 * @param {import("./client.mjs").Connection} connection @param {string | null} type
 */
async function noEndpoint(connection, type) {
  const endpoints = await call(connection, "GET", "/api/forwarding/endpoints", { schema: endpointListSchema }).catch(() => null);
  const n = endpoints?.data.length;
  const events = `${type ?? "untyped"} events`;
  if (n === 0) return "none is set up (add one under Settings → Forwarding)";
  const why =
    n === 1
      ? `the one set up is not enabled for ${events}`
      : n
        ? `none of the ${n} set up is enabled for ${events}`
        : `none is enabled for ${events}`;
  return `${why} (see Settings → Forwarding)`;
}

/** The pid of the listener running with this config directory (listen.pid), or null: said only as a hint. */
function runningListener() {
  const file = path.join(configDir(), "listen.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8"));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
