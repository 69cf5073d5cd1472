import { randomBytes } from "node:crypto";
import type { Offer, Offers } from "./types";

// Lightning payout offers (docs/exchange-api.md#lightning-payouts): fee in satoshis, valid 10 minutes.
export const OFFER_LIFETIME_MS = 10 * 60 * 1000;
/** Channel payouts pay an on-chain funding transaction: ~150 vB at 10 sat/vB. */
export const CHANNEL_FEE_SATS = 1_500;

/** Routing fee budget: 0.1 % of the amount, at least 1 sat. */
export function invoiceFeeSats(amountSats: number): number {
  return Math.max(1, Math.ceil(amountSats / 1000));
}

function offer(feeSats: number, now: Date): Offer {
  return {
    fee_sats: feeSats,
    expires_on: new Date(now.getTime() + OFFER_LIFETIME_MS).toISOString(),
    k1: randomBytes(32).toString("hex"),
  };
}

/** New offers; a channel only where the node may have one (`channel`, lib/sandbox/exchanges/channel-offer.ts). */
export function newOffers(amountSats: number, now: Date, channel: boolean): Offers {
  return { invoice: offer(invoiceFeeSats(amountSats), now), channel: channel ? offer(CHANNEL_FEE_SATS, now) : null };
}

export function isExpired(offer: Offer, now: Date): boolean {
  return new Date(offer.expires_on) <= now;
}

/** Renews the expired offers only; offers still valid are left as they are, and a channel not offered stays so. */
export function renewExpired(offers: Offers, amountSats: number, now: Date): { offers: Offers; renewed: boolean } {
  const invoice = isExpired(offers.invoice, now) ? offer(invoiceFeeSats(amountSats), now) : offers.invoice;
  const channel = offers.channel && isExpired(offers.channel, now) ? offer(CHANNEL_FEE_SATS, now) : offers.channel;
  return { offers: { invoice, channel }, renewed: invoice !== offers.invoice || channel !== offers.channel };
}
