import { createHmac, timingSafeEqual } from "node:crypto";

// X-Signature-256 (docs/exchange-api.md#webhooks): "sha256=" + HMAC-SHA256 of the raw body, hex.

export const SIGNATURE_HEADER = "X-Signature-256";

export function signBody(rawBody: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/** Accepts the header with or without its "sha256=" prefix; compares in constant time. */
export function verifySignature(rawBody: string | Uint8Array, secret: string, header: string | null): boolean {
  if (!header) return false;
  const given = header
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = signBody(rawBody, secret).slice("sha256=".length);
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
}
