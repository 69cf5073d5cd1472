import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { CliError, UsageError } from "./errors.mjs";

// Everything the command line keeps, in one directory readable by its user only
// ($XDG_CONFIG_HOME/exchange-dashboard, else ~/.config/exchange-dashboard):
// - config.json: the dashboard's URL and the API key (login writes it);
// - listen.json: the local signing secrets and, per dashboard, the cursor of the last event
//   forwarded, so that a restart forwards nothing twice and loses nothing;
// - listen.pid: the running listener's process id, while it runs.

export function configDir() {
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "exchange-dashboard");
}

const configSchema = z.looseObject({ url: z.string().optional(), api_key: z.string().optional() });
const listenSchema = z.looseObject({
  secrets: z.object({ service: z.string(), standard: z.string() }),
  cursors: z.record(z.string(), z.number().int()),
});

/** @param {string} name @param {import("zod").ZodType} schema */
function readJson(name, schema) {
  const file = path.join(configDir(), name);
  if (!existsSync(file)) return null;
  try {
    return schema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new CliError(`${file} cannot be read (${error instanceof Error ? error.message.split("\n")[0] : error}): fix or remove it`);
  }
}

/** Written whole under another name, then renamed: a crash never leaves half a file. */
function writeJson(/** @type {string} */ name, /** @type {unknown} */ value) {
  const dir = configDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
  return file;
}

/** @returns {{ url?: string, api_key?: string }} */
export const readConfig = () => readJson("config.json", configSchema) ?? {};

export const writeConfig = (/** @type {{ url: string, api_key: string }} */ config) => writeJson("config.json", config);

/**
 * Where a command goes and with what key: the flags, then EXCHANGE_DASHBOARD_URL and
 * EXCHANGE_DASHBOARD_API_KEY, then what login kept.
 * @param {{ url?: string, apiKey?: string }} flags
 */
export function connection(flags) {
  const kept = readConfig();
  const url = flags.url ?? process.env.EXCHANGE_DASHBOARD_URL ?? kept.url;
  const apiKey = flags.apiKey ?? process.env.EXCHANGE_DASHBOARD_API_KEY ?? kept.api_key;
  if (!url || !apiKey)
    throw new UsageError(
      "No dashboard to talk to: run `exchange-dashboard login --url <dashboard URL>` first, or pass --url and --api-key",
    );
  return { url: dashboardUrl(url), apiKey };
}

/** Hosts of this machine, which plain http may reach without anything crossing a network. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a URL sends what it carries in clear over a network: plain http to another machine. */
export const inClear = (/** @type {URL} */ url) => url.protocol === "http:" && !LOOPBACK.test(url.hostname);

/** Warned of once per URL and command. */
const warned = new Set();

/**
 * A warning on stderr when `url` is plain http to another machine: `what` (an API key, a webhook
 * and its signature) would cross the network readable by anyone on the way.
 * @param {URL} url @param {string} flag @param {string} what
 */
export function warnInClear(url, flag, what) {
  if (!inClear(url) || warned.has(`${flag} ${url.origin}`)) return;
  warned.add(`${flag} ${url.origin}`);
  process.stderr.write(
    `warning: ${flag} ${url.origin} is plain http to another machine: ${what} crosses the network unencrypted. Use https, or a tunnel.\n`,
  );
}

/** The dashboard's origin and path, without a trailing slash; anything but http(s) is a usage error. */
export function dashboardUrl(/** @type {string} */ raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${raw} is not a URL (e.g. http://127.0.0.1:3000)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`${raw} is not an http(s) URL`);
  warnInClear(url, "--url", "the API key");
  return url.href.replace(/\/+$/, "");
}

/** @typedef {{ secrets: { service: string, standard: string }, cursors: Record<string, number> }} ListenState */

/** The listener's state, made on first use: its secrets stay the same from then on. @returns {ListenState} */
export function listenState() {
  const kept = readJson("listen.json", listenSchema);
  if (kept) return kept;
  const fresh = {
    secrets: { service: randomBytes(32).toString("hex"), standard: `whsec_${randomBytes(24).toString("base64")}` },
    cursors: {},
  };
  writeJson("listen.json", fresh);
  return fresh;
}

export const saveListenState = (/** @type {ListenState} */ state) => writeJson("listen.json", state);
