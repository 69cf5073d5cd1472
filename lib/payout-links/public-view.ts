import { initiatePayoutActionSchema, type Exchange } from "@/lib/exchange/schemas";
import { exchangeState } from "@/lib/exchange/exchange-state";

const toSats = (btc: number | null) => (btc === null ? null : Math.round(btc * 1e8));

/**
 * What the end user's payout page may know: amounts, the offers and the payout's progress.
 * Nothing of the order (payment details, payer, affiliate) leaves through it.
 */
export function publicPayoutView(exchange: Exchange, linkExpiresOn: Date, network: string) {
  const state = exchangeState(exchange);
  const action = initiatePayoutActionSchema.safeParse(exchange.action);
  const options = action.success ? action.data.payout_options : null;
  const payout = exchange.payout && "type" in exchange.payout ? (exchange.payout as { type: string; status: string; failure_code?: string; preimage?: string | null; amount?: number }) : null;
  const status =
    state === "refunded"
      ? "refunded"
      : payout?.status === "completed" || payout?.status === "funding"
        ? "paid"
        : payout?.status === "pending"
          ? "paying"
          : payout?.status === "failed"
            ? "failed"
            : options
              ? "awaiting_payout"
              : "unavailable";
  const offer = (o: { lnurl: string; fee: number; expires_on: string } | undefined) =>
    o ? { lnurl: o.lnurl, fee_sats: o.fee, expires_on: o.expires_on } : null;
  return {
    status,
    amount_sats: toSats(exchange.amount),
    fiat: { amount: exchange.cost, currency: exchange.pair.split("/")[1] ?? "" },
    offers: options ? { invoice: offer(options.invoice), channel: offer(options.channel) } : null,
    payout: payout
      ? {
          type: payout.type,
          status: payout.status,
          failure_code: payout.failure_code ?? null,
          preimage: payout.preimage ?? null,
          amount_sats: typeof payout.amount === "number" ? toSats(payout.amount) : null,
        }
      : null,
    link_expires_on: linkExpiresOn.toISOString(),
    network,
  };
}
