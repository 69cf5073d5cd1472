import "server-only";
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

// The one client for every call this server makes to an address someone configured: a tenant's
// service (every upstream call, and the probe of new credentials), a forwarding endpoint, the
// service behind an end user's Lightning Address. Whoever typed the address, the server must not
// become a way into its own network, nor be held by what answers:
// - the peer's address is checked when the socket connects, after DNS (request-filtering-agent):
//   private, loopback, link-local, metadata and unspecified addresses are refused, also when a
//   name resolves to one only later (`127.1`, `2130706433` and `0.0.0.0` are such addresses too),
//   unless the caller allows private addresses (this app's own sandbox, an operator's setting);
// - no redirect is followed: a 3xx is the answer;
// - the answer is read up to `maxBytes` (past it the call fails, or the rest is left unread);
// - one deadline covers connecting, sending and reading;
// - whatever kept the call from an answer (no route, refused, reset, a refused address, the
//   deadline) is one OutboundError, whose kind says only "unreachable" or "timeout", so that the
//   errors of a call cannot map a network.
// Connections are kept between calls to one host (a burst costs one handshake, not one each); a
// kept connection was checked when it connected, to the address it still has.

export type OutboundCall = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxBytes: number;
  /** Past maxBytes: fail the call ("fail"), or keep what was read and leave the rest ("cut"). */
  overflow?: "fail" | "cut";
  /** Private, loopback and link-local addresses too (this app's own sandbox, an operator's setting). */
  allowPrivate: boolean;
};

export type OutboundAnswer = { status: number; headers: Headers; body: Buffer; cut: boolean };

/**
 * Why a call got no answer: unreachable (however it failed to connect or was refused) or a
 * timeout; too large an answer. `detail` says more to whoever configured the address and may be
 * told (a forwarding endpoint's owner): the peer's address was refused, or the socket's error code.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: "unreachable" | "timeout" | "too_large",
    readonly detail: { notPublic: boolean; errno: string | null } = { notPublic: false, errno: null },
  ) {
    super(kind === "timeout" ? "no answer in time" : kind === "too_large" ? "the answer was too large" : "could not be reached");
    this.name = "OutboundError";
  }
}

/** request-filtering-agent's refusal names the address it would not connect to. */
const unreachable = (error: NodeJS.ErrnoException) =>
  new OutboundError("unreachable", { notPublic: /is not allowed|private|DNS lookup/i.test(error.message), errno: error.code ?? null });

const kept = { keepAlive: true, timeout: 4_000, maxFreeSockets: 64, scheduling: "lifo" } as const;
const agents = {
  guarded: { "http:": new RequestFilteringHttpAgent(kept), "https:": new RequestFilteringHttpsAgent(kept) },
  open: { "http:": new http.Agent(kept), "https:": new https.Agent(kept) },
};

const headersOf = (raw: http.IncomingHttpHeaders): Headers => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
};

/** One call, guarded as above. */
export function outbound(call: OutboundCall): Promise<OutboundAnswer> {
  const { url } = call;
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new OutboundError("unreachable"));
  const client = url.protocol === "https:" ? https : http;
  const agent = (call.allowPrivate ? agents.open : agents.guarded)[url.protocol];
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const headers = call.body === undefined ? call.headers : { ...call.headers, "content-length": String(Buffer.byteLength(call.body)) };
    const request = client.request(url, { method: call.method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (cut: boolean) =>
        settle(() => resolve({ status: response.statusCode ?? 0, headers: headersOf(response.headers), body: Buffer.concat(chunks), cut }));
      response.on("data", (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length > call.maxBytes) {
          if (call.overflow === "cut") {
            chunks.push(chunk.subarray(0, call.maxBytes - size));
            answer(true);
          } else settle(() => reject(new OutboundError("too_large")));
          // the rest is not read: this connection is not kept
          response.destroy();
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      });
      response.on("end", () => answer(false));
      response.on("error", (error) => settle(() => reject(unreachable(error))));
    });
    const deadline = setTimeout(() => {
      settle(() => reject(new OutboundError("timeout")));
      request.destroy();
    }, call.timeoutMs);
    request.on("error", (error) => settle(() => reject(unreachable(error))));
    request.end(call.body);
  });
}
