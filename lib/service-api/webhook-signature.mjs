import { createHmac, timingSafeEqual } from "node:crypto";

// X-Signature-256 (docs/exchange-api.md#webhooks): "sha256=" + HMAC-SHA256 of the raw body, hex.
// Plain JavaScript: the app signs (the sandbox) and verifies (the dashboard) with it through its
// bundle, and the command line (cli/forward.mjs), plain Node.js, signs what it forwards with it too.

export const SIGNATURE_HEADER = "X-Signature-256";

/**
 * @param {string | Uint8Array} rawBody
 * @param {string} secret
 * @returns {string}
 */
export function signBody(rawBody, secret) {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/**
 * Accepts the header with or without its "sha256=" prefix; compares in constant time.
 * @param {string | Uint8Array} rawBody
 * @param {string} secret
 * @param {string | null} header
 * @returns {boolean}
 */
export function verifySignature(rawBody, secret, header) {
  if (!header) return false;
  const given = header
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = signBody(rawBody, secret).slice("sha256=".length);
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
}
