import { MASK } from "@/lib/request-log/limits";
import type { RequestLogSource } from "@/lib/dashboard/contract/request-logs-api";

// "Copy as curl" of a logged call: the same method, address, headers and body, with every
// header that was masked (a credential) left out and named in a comment, so nothing secret is
// copied and the developer adds their own. The dashboard's calls went to the tenant's service, whose
// address the page does not hold: they start with $EXCHANGE_API.

/** Quoted for a POSIX shell: between single quotes, each ' written as '\''. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * Headers a client sets itself, and those a proxy or this server added on the way (the caller's
 * address, the request's id): copying them would make curl send them twice, wrongly, or as
 * someone else's.
 */
const OWN = new Set([
  "host",
  "content-length",
  "connection",
  "accept-encoding",
  "transfer-encoding",
  "forwarded",
  "via",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-real-ip",
  "x-request-id",
]);

export function asCurl(
  call: { method: string; path: string; query: string | null; source: RequestLogSource; request_headers: Record<string, string> },
  body: string | null,
  origin: string,
  /** The comment naming the masked headers left out, in the reader's language. */
  leftOut = "left out (secret)",
): string {
  const base = call.source === "integration" ? origin : "$EXCHANGE_API";
  const address = `${base}${call.path}${call.query ? `?${call.query}` : ""}`;
  const masked = Object.entries(call.request_headers).filter(([, value]) => value === MASK);
  const lines = [`curl -X ${call.method} ${call.source === "integration" ? shellQuote(address) : `"${address.replaceAll('"', '\\"')}"`}`];
  for (const [name, value] of Object.entries(call.request_headers)) {
    if (value === MASK || OWN.has(name)) continue;
    lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (body !== null && body !== "") lines.push(`  --data-raw ${shellQuote(body)}`);
  const command = lines.join(" \\\n");
  return masked.length > 0 ? `# ${leftOut}: ${masked.map(([name]) => name).join(", ")}\n${command}` : command;
}
