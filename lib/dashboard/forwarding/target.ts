import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { outbound, OutboundError } from "@/lib/http/outbound";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { failureText } from "./failure";

// Where forwarded webhooks may go. An endpoint's URL is anyone's choice of an admin, so the
// server must not become a way into its own network:
// - https only in production (the sandbox off); no credentials in the URL;
// - when the endpoint is saved, its host, or every address its name resolves to, must be public
//   unicast: not private, loopback, link-local, metadata or unspecified, so that a mistake is
//   refused with a clear error and nothing is stored;
// - at every delivery the address is checked again when the socket connects, after DNS, since a
//   name may resolve elsewhere later; redirects are not followed; 15 s at most; the answer is read
//   up to 1 KiB (lib/http/outbound.ts, the one guarded client of every configured address).
// FORWARDING_ALLOW_PRIVATE=true lifts the address checks (tests, local development).

export const FORWARD_TIMEOUT_MS = 15_000;
export const ANSWER_BYTES = 1024;
export const USER_AGENT = "exchange-dashboard-forwarding/1.0";

const refused = (message: string) => new ApiError("forwarding_url_refused", message, [{ path: "url", message }]);

/** Why an address may not be sent to, or null when it is public unicast. */
function addressProblem(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return "is not an address";
  }
  // ::ffff:127.0.0.1 is 127.0.0.1
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? null : `is a ${range} address`;
}

/** The URL as it will be stored, or a 400 forwarding_url_refused saying why not. */
export async function checkEndpointUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused("Not a URL");
  }
  const config = env();
  const production = config.nodeEnv === "production" && !config.sandboxEnabled;
  if (url.protocol !== "https:" && (production || url.protocol !== "http:")) {
    throw refused(production ? "Webhooks are forwarded over https only" : "The URL must be http or https");
  }
  if (url.username || url.password) throw refused("A URL with credentials is refused: put a secret in the path instead");
  if (config.forwardingAllowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const problem = addressProblem(host);
    if (problem) throw refused(`${host} ${problem}; webhooks are forwarded to public addresses only`);
    return url.toString();
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw refused(`${host} does not resolve`);
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) throw refused(`${host} resolves to ${address}, which ${problem}; webhooks are forwarded to public addresses only`);
  }
  return url.toString();
}

export type SendResult = { statusCode: number | null; error: string | null; durationMs: number; answer: string | null };

/** POSTs `body` to `url`: the status, or why it failed, and the first 1 KiB of the answer. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  const started = Date.now();
  const target = new URL(url);
  try {
    const answer = await outbound({
      url: target,
      method: "POST",
      headers: { ...headers, "user-agent": USER_AGENT },
      body,
      timeoutMs: FORWARD_TIMEOUT_MS,
      // the first 1 KiB is all that is kept: the rest is not read
      maxBytes: ANSWER_BYTES,
      overflow: "cut",
      allowPrivate: env().forwardingAllowPrivate,
    });
    const redirected = answer.status >= 300 && answer.status < 400;
    return {
      statusCode: answer.status,
      error: redirected ? failureText({ code: "redirected", location: answer.headers.get("location") }) : null,
      answer: answer.body.toString("utf8"),
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const failure =
      error instanceof OutboundError && error.kind === "timeout"
        ? failureText({ code: "timeout", seconds: FORWARD_TIMEOUT_MS / 1000 })
        : error instanceof OutboundError && error.detail.notPublic
          ? failureText({ code: "not_public", host: target.hostname })
          : failureText({ code: "unreachable", host: target.hostname, errno: error instanceof OutboundError ? error.detail.errno : null });
    return { statusCode: null, error: failure, answer: null, durationMs: Date.now() - started };
  }
}
