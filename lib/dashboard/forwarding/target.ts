import "server-only";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { failureText } from "./failure";

// Where forwarded webhooks may go. An endpoint's URL is anyone's choice of an admin, so the
// server must not become a way into its own network:
// - https only in production (the sandbox off); no credentials in the URL;
// - when the endpoint is saved, its host, or every address its name resolves to, must be public
//   unicast: not private, loopback, link-local, metadata or unspecified, so that a mistake is
//   refused with a clear error and nothing is stored;
// - at every delivery the address is checked again when the socket connects, after DNS
//   (request-filtering-agent), since a name may resolve elsewhere later; redirects are not
//   followed; 15 s at most; the answer is read up to 1 KiB.
// FORWARDING_ALLOW_PRIVATE=true lifts the address checks (tests, local development).

export const FORWARD_TIMEOUT_MS = 15_000;
export const ANSWER_BYTES = 1024;
export const USER_AGENT = "exchange-dashboard-forwarding/1.0";

// Connections are kept between deliveries to one host (a burst of webhooks costs one TCP and TLS
// handshake, not one each); a kept connection was checked when it connected, to the address it
// still has. Idle ones close after 4 s, or sooner when the endpoint's Keep-Alive says so.
const kept = { keepAlive: true, timeout: 4_000, maxFreeSockets: 32, scheduling: "lifo" } as const;
const httpAgent = new RequestFilteringHttpAgent(kept);
const httpsAgent = new RequestFilteringHttpsAgent(kept);

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
export function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  const started = Date.now();
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  const agent = env().forwardingAllowPrivate ? undefined : target.protocol === "https:" ? httpsAgent : httpAgent;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: Date.now() - started });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        agent,
        headers: { ...headers, "content-length": Buffer.byteLength(body), "user-agent": USER_AGENT },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (whole: boolean) => {
          const answer = Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString("utf8");
          const redirected = status >= 300 && status < 400;
          done({
            statusCode: status,
            error: redirected ? failureText({ code: "redirected", location: response.headers.location ?? null }) : null,
            answer,
          });
          // an answer read to its end leaves its connection to the next delivery to that host
          if (!whole) response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // the first 1 KiB is all that is kept: the rest is not read
          if (size >= ANSWER_BYTES) finish(false);
        });
        response.on("end", () => finish(true));
        response.on("error", () => finish(false));
      },
    );
    const deadline = setTimeout(() => {
      request.destroy();
      done({ statusCode: null, error: failureText({ code: "timeout", seconds: FORWARD_TIMEOUT_MS / 1000 }), answer: null });
    }, FORWARD_TIMEOUT_MS);
    request.on("error", (error: NodeJS.ErrnoException) => {
      const text = /is not allowed/.test(error.message)
        ? failureText({ code: "not_public", host: target.hostname })
        : failureText({ code: "unreachable", host: target.hostname, errno: error.code ?? null });
      done({ statusCode: null, error: text, answer: null });
    });
    request.end(body);
  });
}
