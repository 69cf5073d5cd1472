import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { call } from "./client.mjs";
import { dashboardUrl, readConfig, writeConfig } from "./config.mjs";
import { CliError, UsageError } from "./errors.mjs";
import { line } from "./output.mjs";
import { webhookHealthSchema } from "./schemas.mjs";

// `login`: the dashboard's URL and an API key, checked with a cheap read and kept in the config
// file (mode 0600). The key comes from --api-key, EXCHANGE_DASHBOARD_API_KEY, or is asked for
// on a terminal without echoing it; it is never printed.

const PROMPT = "API key (Settings → API keys; scopes read, write and logs): ";

/**
 * Where readline writes: stderr, until muted. readline writes the prompt itself (writing it
 * beside readline, which clears the line before its own prompt, left an empty line), then the
 * stream is muted so that what is typed is not echoed.
 */
class MutableStderr extends Writable {
  muted = false;

  /** readline lays out its line by the terminal's width. */
  get columns() {
    return process.stderr.columns;
  }

  /**
   * Passed on at once (a terminal's stderr is written synchronously) and done at once, so that no
   * write waits in the stream's buffer to be judged after it is muted.
   * @param {Buffer | string} chunk @param {BufferEncoding} _encoding @param {() => void} done
   */
  _write(chunk, _encoding, done) {
    if (!this.muted) process.stderr.write(chunk);
    done();
  }
}

/** Asks for the key on the terminal, echoing nothing. @returns {Promise<string>} */
function askKey() {
  if (!process.stdin.isTTY) {
    throw new UsageError("No API key: pass --api-key, set EXCHANGE_DASHBOARD_API_KEY, or run login in a terminal to be asked for it");
  }
  return new Promise((resolve, reject) => {
    const output = new MutableStderr();
    const rl = createInterface({ input: process.stdin, output, terminal: true });
    rl.question(PROMPT, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer.trim());
    });
    // the prompt is written (question writes it at once): from here on, nothing typed shows
    output.muted = true;
    rl.on("SIGINT", () => {
      rl.close();
      process.stderr.write("\n");
      reject(new CliError("Login cancelled: nothing was kept"));
    });
  });
}

/** @param {{ url?: string, apiKey?: string, json: boolean }} options */
export async function login(options) {
  const raw = options.url ?? process.env.EXCHANGE_DASHBOARD_URL ?? readConfig().url;
  if (!raw) throw new UsageError("login needs --url <dashboard URL>, e.g. --url http://127.0.0.1:3000");
  const url = dashboardUrl(raw);
  const apiKey = options.apiKey ?? process.env.EXCHANGE_DASHBOARD_API_KEY ?? (await askKey());
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
