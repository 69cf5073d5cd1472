// What a request says of how it reached us, believed only from proxies of ours. Our server
// listens on plain HTTP; a TLS-terminating proxy in front (nginx in deploy/nginx.conf) says so in
// X-Forwarded-Proto, and which host the browser asked for in X-Forwarded-Host. Such headers count
// only when TRUSTED_PROXY_HOPS says there is a proxy of ours in front (at least one); then the
// nearest proxy's word is the last entry of the header. Without one, a client that sends them
// changes nothing. Plain JavaScript: scripts/server.mjs loads it as it is, the app through its bundle.

/** HSTS for two years, subdomains included, as every answer over https carries it. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The value our nearest proxy wrote into a forwarded header, or null when no proxy is trusted or
 * the header is absent.
 * @param {string | string[] | null | undefined} value
 * @param {number} trustedHops
 * @returns {string | null}
 */
export function forwardedValue(value, trustedHops) {
  if (!trustedHops || value == null) return null;
  const entries = (Array.isArray(value) ? value.join(",") : value)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.at(-1) ?? null;
}

/**
 * The scheme the browser used: APP_URL's when configured; else the one a trusted proxy forwarded;
 * else our own connection's, plain http.
 * @param {{ appUrl?: string | undefined; trustedHops: number; forwardedProto?: string | string[] | null | undefined }} request
 * @returns {"http" | "https"}
 */
export function browserScheme({ appUrl, trustedHops, forwardedProto }) {
  if (appUrl) return appUrl.startsWith("https://") ? "https" : "http";
  return forwardedValue(forwardedProto, trustedHops)?.toLowerCase() === "https" ? "https" : "http";
}

/**
 * The Strict-Transport-Security header an answer carries, or null: from the configuration (an
 * https APP_URL puts it on every answer), never from what a client claims.
 * @param {{ appUrl?: string | undefined; trustedHops: number; forwardedProto?: string | string[] | null | undefined }} request
 * @returns {string | null}
 */
export function strictTransportSecurity(request) {
  return browserScheme(request) === "https" ? HSTS : null;
}
