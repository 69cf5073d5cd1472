// The pages' Content-Security-Policy: scripts run only with this response's nonce, or when a
// script that had it loads them ('strict-dynamic'), so an injected <script> or inline handler
// never runs. Next.js reads the nonce from the policy in the request's headers and puts it on
// every script it writes; the one inline script of our own (the theme, app/layout.tsx) takes it
// from NONCE_HEADER. 'wasm-unsafe-eval' lets the QR reader's WebAssembly compile (WebAssembly
// only, never eval); 'unsafe-eval' is for development's React tooling alone. Styles may stay
// inline: Tailwind's and React's style attributes run no code. Violations are reported to
// /api/csp-reports (the Reporting API's endpoint "csp", and report-uri for older browsers).

/** The request header that carries the nonce from the proxy to the page's render. */
export const NONCE_HEADER = "x-nonce";
export const CSP_REPORT_PATH = "/api/csp-reports";
/** The Reporting-Endpoints header naming where reports of the group "csp" go. */
export const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`;

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function pagePolicy(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    "report-to csp",
  ].join("; ");
}

/** Every other answer (JSON, files): nothing in it may run or be framed. */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers of every answer that is not a page: Next.js adds them from next.config.ts, the
 * stream adapter (lib/runtime/streams.mjs) to the answers it writes itself.
 */
export const securityHeaders: Record<string, string> = {
  "Content-Security-Policy": resourcePolicy,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
};
