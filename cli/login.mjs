import { createInterface } from "node:readline";
import { call } from "./client.mjs";
import { dashboardUrl, readConfig, writeConfig } from "./config.mjs";
import { UsageError } from "./errors.mjs";
import { line } from "./output.mjs";
import { webhookHealthSchema } from "./schemas.mjs";

// `login`: the dashboard's URL and an API key, checked with a cheap read and kept in the config
// file (mode 0600). The key comes from --api-key, EXCHANGE_DASHBOARD_API_KEY, or is asked for
// on a terminal without echoing it; it is never printed.

/** Asks for the key on the terminal, echoing nothing. @returns {Promise<string>} */
function askKey() {
  if (!process.stdin.isTTY) {
    throw new UsageError("No API key: pass --api-key, set EXCHANGE_DASHBOARD_API_KEY, or run login in a terminal to be asked for it");
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    process.stderr.write("API key (Settings → API keys; scopes read, write and logs): ");
    // readline would echo what is typed: write nothing for it
    /** @type {any} */ (rl)._writeToOutput = () => undefined;
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer.trim());
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
