import "server-only";
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpsAgent } from "request-filtering-agent";
import { ApiError } from "@/lib/errors";

// Fetching what an end user's Lightning Address names means fetching a URL that anyone can
// choose: the server must not become a way into its own network. So, for every host but the
// service's own:
// - HTTPS only (LUD-16), on the default port;
// - the address is checked when the socket connects, after DNS (request-filtering-agent): a
//   private, loopback, link-local or metadata address is refused, also when a name resolves to
//   one only on the second lookup;
// - no redirects, 5 s at most, 64 KiB at most, JSON only.
// The exchange service's own host is configured by the operator and may be plain HTTP on a
// private address (the sandbox on 127.0.0.1).

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 64 * 1024;

const filteringAgent = new RequestFilteringHttpsAgent({ keepAlive: false });

export type LnurlFetchResult = { status: number; body: unknown };

/** Why a fetch failed, for the log and the error's details (never the response body). */
export class LnurlFetchError extends Error {}

export function getLnurlJson(url: URL, trustedOrigin: string | null): Promise<LnurlFetchResult> {
  const trusted = trustedOrigin !== null && url.origin === trustedOrigin;
  if (!trusted && (url.protocol !== "https:" || url.port !== "")) {
    return Promise.reject(new LnurlFetchError(`${url.host} must be served over HTTPS on its default port`));
  }
  if (url.username || url.password) return Promise.reject(new LnurlFetchError("A URL with credentials is not fetched"));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        agent: trusted ? undefined : filteringAgent,
        headers: { accept: "application/json", "user-agent": "exchange-dashboard (LUD-16 resolver)" },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) request.destroy(new LnurlFetchError(`${url.host} answered more than ${MAX_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) return reject(new LnurlFetchError(`${url.host} redirected; redirects are not followed`));
          try {
            resolve({ status, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
          } catch {
            reject(new LnurlFetchError(`${url.host} did not answer with JSON (HTTP ${status})`));
          }
        });
        response.on("error", reject);
      },
    );
    const deadline = setTimeout(() => request.destroy(new LnurlFetchError(`${url.host} did not answer within 5 s`)), TIMEOUT_MS);
    request.on("timeout", () => request.destroy(new LnurlFetchError(`${url.host} did not answer within 5 s`)));
    request.on("error", (error) => reject(error instanceof LnurlFetchError ? error : new LnurlFetchError(describe(url, error))));
    request.on("close", () => clearTimeout(deadline));
  });
}

function describe(url: URL, error: Error): string {
  // request-filtering-agent's refusal names the address it would not connect to
  if (/not allowed|private|DNS lookup/i.test(error.message)) return `${url.host} points to an address that is not public`;
  const code = (error as NodeJS.ErrnoException).code;
  return `${url.host} could not be reached${code ? ` (${code})` : ""}`;
}

/** The unreachable error for a failed fetch. */
export function unreachable(error: unknown): ApiError {
  const message = error instanceof LnurlFetchError ? error.message : "The address's service could not be reached";
  return new ApiError("lightning_address_unreachable", message, [{ path: "address", message }]);
}
