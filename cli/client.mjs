import { CliError } from "./errors.mjs";
import { errorBodySchema } from "./schemas.mjs";
import { visible } from "./output.mjs";

// The dashboard's API as the command line calls it: `Authorization: Bearer <key>`, a timeout,
// every answer parsed with its schema, and each refusal turned into a sentence a developer can act
// on. The key is never part of a message.

const TIMEOUT_MS = 15_000;

/** @typedef {{ url: string, apiKey: string }} Connection */

const RELOGIN = "Make a new key under Settings → API keys and run `exchange-dashboard login` again.";

/** Why the dashboard could not be reached, in words. @param {string} url @param {unknown} error */
export function unreachable(url, error) {
  const cause =
    error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return new CliError(`Cannot reach the dashboard at ${url} (${cause}). Is it running, and is the URL right?`, 1, { transient: true });
}

/** The sentence for a refusal of the dashboard. @param {Response} response @param {unknown} body */
export function refusal(response, body) {
  const parsed = errorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.error : `HTTP ${response.status}`;
  const details = parsed.success && parsed.data.details ? `: ${parsed.data.details.map((d) => d.message).join("; ")}` : "";
  if (response.status === 401) {
    return new CliError(
      code === "api_key_inactive"
        ? "The API key is inactive: its creator is disabled or no longer on the team. " + RELOGIN
        : "The dashboard refused the API key (unknown or revoked). " + RELOGIN,
    );
  }
  if (code === "insufficient_scope") {
    return new CliError(`The API key may not do this (insufficient_scope${details}). Give it the scopes read, write and logs.`);
  }
  return new CliError(`The dashboard answered ${response.status} ${code}${details}`);
}

/**
 * One call of the dashboard's API; the answer parsed with `schema` when it has the expected status.
 * @template T
 * @param {Connection} connection
 * @param {string} method
 * @param {string} path
 * @param {{ schema: import("zod").ZodType<T>, status?: number, body?: unknown, verbatim?: string[] }} options
 *   verbatim: fields of the answer kept as sent; every other string is made visible (output.mjs)
 * @returns {Promise<T>}
 */
export async function call(connection, method, path, { schema, status = 200, body, verbatim = [] }) {
  let response;
  try {
    response = await fetch(`${connection.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${connection.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw unreachable(connection.url, error);
  }
  const text = await response.text();
  let json;
  try {
    json = visible(JSON.parse(text), verbatim);
  } catch {
    throw new CliError(
      `${method} ${path} answered ${response.status} with something that is not JSON: is ${connection.url} the dashboard?`,
    );
  }
  if (response.status !== status) throw refusal(response, json);
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new CliError(`${method} ${path} answered in a shape this command line does not know: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
