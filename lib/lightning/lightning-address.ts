import { z } from "zod";

// LUD-16 Lightning Addresses and the LUD-06 payRequest they resolve to.

/** A parsed address: `name@domain`, the domain as typed (a port only where the caller allows it). */
export type LightningAddress = { name: string; domain: string };

const NAME = /^[a-z0-9\-_.+]{1,64}$/;
/** A DNS name of at least two labels, or host:port (kept for the caller to allow or refuse). */
const DOMAIN = /^(?=.{1,253}(:\d{1,5})?$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * `name@domain` as a user types it: spaces around it, a `lightning:` prefix and capitals are
 * forgiven (LUD-16 names are lowercase). Null when it is not an address.
 */
export function parseLightningAddress(text: string): LightningAddress | null {
  const trimmed = text
    .trim()
    .replace(/^lightning:/i, "")
    .toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return null;
  const name = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  if (!NAME.test(name) || !DOMAIN.test(domain)) return null;
  return { name, domain };
}

/** LUD-06: metadata is a JSON array of [mime type, content] pairs, with one text/plain. */
const metadataSchema = z
  .string()
  .max(65_536)
  .refine((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) && parsed.some((entry) => Array.isArray(entry) && entry[0] === "text/plain");
    } catch {
      return false;
    }
  }, "a JSON array of [type, content] pairs with a text/plain entry");

export const lnurlPayRequestSchema = z.object({
  tag: z.literal("payRequest"),
  callback: z.url({ protocol: /^https?$/ }).max(2048),
  minSendable: z.number().int().min(1),
  maxSendable: z.number().int().min(1),
  metadata: metadataSchema,
  commentAllowed: z.number().int().min(0).optional(),
});
export type LnurlPayRequest = z.infer<typeof lnurlPayRequestSchema>;

export const lnurlPayInvoiceSchema = z.object({
  pr: z.string().min(1).max(8192),
  routes: z.array(z.unknown()).max(100),
});

export const lnurlErrorSchema = z.object({ status: z.literal("ERROR"), reason: z.string().max(1000) });

/** The callback's URL for an amount: LUD-06 appends `amount` to whatever query the callback has. */
export function payCallbackUrl(callback: string, msat: bigint): string {
  const url = new URL(callback);
  url.searchParams.set("amount", msat.toString());
  return url.toString();
}
