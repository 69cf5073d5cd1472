import "server-only";
import { outbound, OutboundError, type OutboundAnswer } from "@/lib/http/outbound";
import { parseJsonOrUndefined } from "@/lib/http/json-text";
import { ApiError } from "@/lib/errors";

// Fetching what an end user's Lightning Address names means fetching a URL that anyone can
// choose: the server must not become a way into its own network. So, for every host but the
// service's own:
// - HTTPS only (LUD-16), on the default port;
// - the address is checked when the socket connects, after DNS (lib/http/outbound.ts): a
//   private, loopback, link-local or metadata address is refused, also when a name resolves to
//   one only on the second lookup;
// - no redirects, 5 s at most, 64 KiB at most, JSON only.
// The exchange service's own host is configured by the operator and may be plain HTTP on a
// private address (the sandbox on 127.0.0.1).

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 64 * 1024;

export type LnurlFetchResult = { status: number; body: unknown };

/** Why a fetch failed, for the log and the error's details (never the response body). */
export class LnurlFetchError extends Error {}

export async function getLnurlJson(url: URL, trustedOrigin: string | null): Promise<LnurlFetchResult> {
  const trusted = trustedOrigin !== null && url.origin === trustedOrigin;
  if (!trusted && (url.protocol !== "https:" || url.port !== "")) {
    throw new LnurlFetchError(`${url.host} must be served over HTTPS on its default port`);
  }
  if (url.username || url.password) throw new LnurlFetchError("A URL with credentials is not fetched");
  let answer: OutboundAnswer;
  try {
    answer = await outbound({
      url,
      method: "GET",
      headers: { accept: "application/json", "user-agent": "exchange-dashboard (LUD-16 resolver)" },
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      allowPrivate: trusted,
    });
  } catch (error) {
    throw new LnurlFetchError(describe(url, error));
  }
  if (answer.status >= 300 && answer.status < 400) throw new LnurlFetchError(`${url.host} redirected; redirects are not followed`);
  const body = parseJsonOrUndefined(answer.body.toString("utf8"));
  if (body === undefined) throw new LnurlFetchError(`${url.host} did not answer with JSON (HTTP ${answer.status})`);
  return { status: answer.status, body };
}

function describe(url: URL, error: unknown): string {
  if (!(error instanceof OutboundError)) return `${url.host} could not be reached`;
  if (error.kind === "timeout") return `${url.host} did not answer within 5 s`;
  if (error.kind === "too_large") return `${url.host} answered more than ${MAX_BYTES} bytes`;
  if (error.detail.notPublic) return `${url.host} points to an address that is not public`;
  return `${url.host} could not be reached${error.detail.errno ? ` (${error.detail.errno})` : ""}`;
}

/** The unreachable error for a failed fetch. */
export function unreachable(error: unknown): ApiError {
  const message = error instanceof LnurlFetchError ? error.message : "The address's service could not be reached";
  return new ApiError("lightning_address_unreachable", message, [{ path: "address", message }]);
}
