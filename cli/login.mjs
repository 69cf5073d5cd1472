import { call } from "./client.mjs";
import { dashboardUrl, readConfig, writeConfig } from "./config.mjs";
import { CliError, UsageError } from "./errors.mjs";
import { line } from "./output.mjs";
import { webhookHealthSchema } from "./schemas.mjs";

// `login`: the dashboard's URL and an API key, checked with a cheap read and kept in the config
// file (mode 0600). The key comes from --api-key, EXCHANGE_DASHBOARD_API_KEY, the first line of a
// stdin that is not a terminal (a pipe), or is asked for on the terminal; it is never printed.

const PROMPT = "API key (Settings → API keys; scopes read, write and logs): ";

const CTRL_C = "\x03";
const CTRL_D = "\x04";
const CTRL_U = "\x15";
const ESC = "\x1b";
const ERASE = new Set(["\x7f", "\b"]);
/** An escape sequence a key sends (arrows, Home, F-keys…): CSI with its parameters, SS3 and one byte, or Alt and one byte. */
const ESCAPE_SEQUENCE = /^\x1b(?:\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|O.|.)?/s;

/**
 * Asks for the key on the terminal with its echo off (raw mode): the terminal shows none of what
 * is typed or pasted, and the keys are read here: Enter ends, Backspace takes back the last
 * character, Ctrl-U the whole line, Ctrl-C (or Ctrl-D on an empty line) cancels; other control
 * keys are ignored. The prompt is written once and nothing writes over it.
 * @param {NodeJS.ReadStream & { fd: 0 }} input a terminal
 * @returns {Promise<string>}
 */
function askKey(input) {
  return new Promise((resolve, reject) => {
    let key = "";
    /** @param {() => void} settle */
    const end = (settle) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      settle();
    };
    /** @param {string} chunk */
    function onData(chunk) {
      for (let rest = chunk; rest.length > 0;) {
        const escape = rest.startsWith(ESC) ? ESCAPE_SEQUENCE.exec(rest) : null;
        const unit = escape ? escape[0] : String.fromCodePoint(rest.codePointAt(0) ?? 0);
        rest = rest.slice(unit.length);
        if (unit === "\r" || unit === "\n") return end(() => resolve(key.trim()));
        if (unit === CTRL_C || (unit === CTRL_D && key === "")) return end(() => reject(new CliError("Login cancelled: nothing was kept")));
        if (ERASE.has(unit)) key = Array.from(key).slice(0, -1).join("");
        else if (unit === CTRL_U) key = "";
        else if (!escape && unit >= " ") key += unit;
      }
    }
    // echo off before the prompt shows, so that nothing typed after it is echoed
    input.setRawMode(true);
    input.setEncoding("utf8");
    process.stderr.write(PROMPT);
    input.on("data", onData);
    input.resume();
  });
}

/**
 * The key piped to stdin (`… | exchange-dashboard login`): its first line, read up to its newline
 * or the end of the input.
 * @param {NodeJS.ReadableStream} input
 * @returns {Promise<string>}
 */
async function pipedKey(input) {
  let text = "";
  input.setEncoding("utf8");
  for await (const chunk of input) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return (text.split("\n")[0] ?? "").trim();
}

/** @returns {Promise<string>} */
async function keyFromStdin() {
  const key = process.stdin.isTTY ? await askKey(process.stdin) : await pipedKey(process.stdin);
  if (!key) {
    throw new UsageError(
      "No API key: pass --api-key, set EXCHANGE_DASHBOARD_API_KEY, pipe it to stdin, or run login in a terminal to be asked for it",
    );
  }
  return key;
}

/** @param {{ url?: string, apiKey?: string, json: boolean }} options */
export async function login(options) {
  const raw = options.url ?? process.env.EXCHANGE_DASHBOARD_URL ?? readConfig().url;
  if (!raw) throw new UsageError("login needs --url <dashboard URL>, e.g. --url http://127.0.0.1:3000");
  const url = dashboardUrl(raw);
  const apiKey = options.apiKey ?? process.env.EXCHANGE_DASHBOARD_API_KEY ?? (await keyFromStdin());
  if (!/^dk_[\w-]{8}_[\w-]{32}$/.test(apiKey))
    throw new UsageError("That is not an API key of the dashboard (they look like dk_…, 44 characters)");
  const health = await call({ url, apiKey }, "GET", "/api/webhook-events/health", { schema: webhookHealthSchema });
  const file = writeConfig({ url, api_key: apiKey });
  line(
    options.json,
    { url, config: file, webhook_url: health.webhook_url },
    `Logged in to ${url}. The URL and key are kept in ${file} (readable by you only).`,
  );
}
