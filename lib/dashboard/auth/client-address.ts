import { env } from "@/lib/env";

/**
 * The caller's address. Our server (scripts/server.mjs) appends the connection's peer address to
 * X-Forwarded-For, so its last entry is always where the connection came from; each trusted
 * proxy in front of us (TRUSTED_PROXY_HOPS) appended the address it saw before that. Entries
 * further left are whatever the client claimed, and are never used.
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>, hops = env().trustedProxyHops): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const entries = (Array.isArray(raw) ? raw.join(",") : (raw ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown";
  return entries[Math.max(0, entries.length - 1 - hops)] ?? "unknown";
}
