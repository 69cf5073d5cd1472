import * as z from "zod/mini";
import type { NetworkName } from "@/lib/bitcoin/networks";

// The dashboard API's payout links (/api/exchanges/{id}/payout-link…) and the end user's public
// payout page (/api/pay/{token}). Bodies the server builds with `satisfies` and the browser parses
// with the same schemas.

// spelled out, not imported: lib/bitcoin/networks loads the curve library, which the payout page need not
const networks = ["mainnet", "testnet", "signet", "regtest"] as const satisfies readonly NetworkName[];
const isoTimestamp = z.string().check(z.meta({ format: "date-time" }));
const uuid = z.string().check(z.meta({ format: "uuid" }));

export const payoutLinkSchema = z
  .object({
    id: uuid,
    url: z.string().check(z.meta({ format: "uri" })),
    expires_on: isoTimestamp,
    /** The links this one replaced (`{"replace": true}`), now revoked. */
    replaced: z.array(uuid),
  })
  .check(z.meta({ description: "A public /pay/{token} page for the end user, valid 24 h" }));
export type PayoutLink = z.infer<typeof payoutLinkSchema>;

export const payoutLinkRevocationSchema = z.object({ revoked: z.int() });
export type PayoutLinkRevocation = z.infer<typeof payoutLinkRevocationSchema>;

/** POST /api/exchanges/{id}/payout-link: an empty body, or `{"replace": true}` to revoke the open links first. */
export const payoutLinkCreateBodySchema = z.strictObject({
  replace: z.optional(z.boolean()).check(
    z.meta({
      description: "Revoke the exchange's open links and make the new one in one step; without it an open link is 409 payout_link_open",
    }),
  ),
});
export type PayoutLinkCreateBody = z.infer<typeof payoutLinkCreateBodySchema>;

/**
 * `open`: the page works and nothing was submitted through it; `used`: an invoice or a Lightning
 * Address was submitted through its page (the page still works until it expires, to follow the
 * payout); `expired`: its 24 h passed unused, or its payout ended first (the service refunded the
 * exchange, e.g. payout_expired); `revoked`: revoked, or replaced by a newer link.
 */
export const payoutLinkStates = ["open", "used", "expired", "revoked"] as const;
export type PayoutLinkState = (typeof payoutLinkStates)[number];

export const payoutLinkItemSchema = z
  .object({
    id: uuid,
    state: z.enum(payoutLinkStates),
    /** Whether the page still opens: open, or used and not yet expired (these block a new link and can be revoked). */
    live: z.boolean(),
    created_by: z.nullable(z.object({ id: uuid, email: z.nullable(z.string()) })),
    created_on: isoTimestamp,
    expires_on: isoTimestamp,
    revoked_on: z.nullable(isoTimestamp),
    used_on: z.nullable(isoTimestamp),
    /** When its page or its stream was last opened (to the minute: written at most once a minute). */
    last_opened_on: z.nullable(isoTimestamp),
    /** Whether its exchange's payout ended (refunded) while it could still be opened: what expired it, if unused. */
    payout_ended: z.boolean(),
  })
  .check(z.meta({ description: "A payout link as the exchange's list shows it; its URL was shown once, when it was made" }));
export type PayoutLinkItem = z.infer<typeof payoutLinkItemSchema>;

export const payoutLinkListSchema = z
  .object({ data: z.array(payoutLinkItemSchema) })
  .check(z.meta({ description: "Every payout link made for the exchange, newest first" }));
export type PayoutLinkList = z.infer<typeof payoutLinkListSchema>;

/** The body of 409 payout_link_open: the error, and the links that are still open. */
export const payoutLinkOpenErrorSchema = z.looseObject({
  error: z.literal("payout_link_open"),
  documentation_uri: z.string(),
  open_links: z.array(payoutLinkItemSchema),
});

const publicOfferSchema = z.nullable(z.object({ lnurl: z.string(), fee_sats: z.int(), expires_on: isoTimestamp }));

export const publicPayoutStatuses = ["awaiting_payout", "paying", "paid", "failed", "refunded", "unavailable"] as const;

/** GET /api/pay/{token}: what the end user's page may know; nothing of the order. */
export const publicViewSchema = z.object({
  status: z.enum(publicPayoutStatuses),
  amount_sats: z.nullable(z.int()),
  fiat: z.object({ amount: z.number(), currency: z.string() }),
  offers: z.nullable(z.object({ invoice: publicOfferSchema, channel: publicOfferSchema })),
  payout: z.nullable(
    z.object({
      type: z.string(),
      status: z.string(),
      failure_code: z.nullable(z.string()),
      preimage: z.nullable(z.string()),
      amount_sats: z.nullable(z.int()),
    }),
  ),
  link_expires_on: isoTimestamp,
  network: z.enum(networks),
});
export type PublicView = z.infer<typeof publicViewSchema>;

export const publicInvoiceBodySchema = z.strictObject({
  invoice: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(8192)),
});

export const publicLightningAddressBodySchema = z.strictObject({
  address: z
    .string()
    .check(z.trim())
    .check(z.minLength(1))
    .check(z.maxLength(400))
    .check(z.meta({ description: "A Lightning Address (LUD-16), name@domain", example: "alice@wallet.example" })),
});
