import type { Exchange } from "@/lib/service-api/schemas";
import { toExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import type { PublicView } from "@/lib/dashboard/contract/dashboard-api";
import type { NetworkName } from "@/lib/bitcoin/networks";

const toSats = (btc: number | null) => (btc === null ? null : Math.round(btc * 1e8));

/**
 * What the end user's payout page may know: amounts, the offers and the payout's progress.
 * Nothing of the order (payment details, payer, affiliate) leaves through it.
 */
export function publicPayoutView(exchange: Exchange, linkExpiresOn: Date, network: NetworkName): PublicView {
  const view = toExchangeView(exchange);
  const offers = view.action?.kind === "initiate_payout" ? view.action : null;
  const payout = view.payout?.kind === "coin" ? null : view.payout;
  const lightning = payout?.kind === "invoice" || payout?.kind === "channel" ? payout : null;
  const status: PublicView["status"] =
    view.state === "refunded"
      ? "refunded"
      : lightning?.status === "completed" || lightning?.status === "funding"
        ? "paid"
        : lightning?.status === "pending"
          ? "paying"
          : payout?.kind === "failed"
            ? "failed"
            : offers
              ? "awaiting_payout"
              : "unavailable";
  return {
    status,
    amount_sats: toSats(exchange.amount),
    fiat: { amount: exchange.cost, currency: view.currency },
    offers: offers ? { invoice: offers.invoice, channel: offers.channel } : null,
    payout: payout
      ? {
          type: payout.kind === "failed" ? payout.type : payout.kind,
          status: payout.kind === "failed" ? "failed" : payout.status,
          failure_code: payout.kind === "failed" ? payout.failure_code : null,
          preimage: payout.kind === "invoice" ? payout.preimage : null,
          amount_sats: payout.kind === "failed" ? null : toSats(payout.amount),
        }
      : null,
    link_expires_on: linkExpiresOn.toISOString(),
    network,
  } satisfies PublicView;
}
