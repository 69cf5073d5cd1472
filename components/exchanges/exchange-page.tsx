import { useTranslations } from "next-intl";
import type { PayoutLinkItem, StoredEvent } from "@/lib/dashboard/contract/dashboard-api";
import type { SimulatorSteps } from "@/lib/dashboard/contract/console-api";
import { payoutOfEventBody, type ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import { lud17Link } from "@/lib/lightning/lnurl";
import { LnurlQrCode } from "@/components/payouts/lnurl-qr-code";
import type { PreparedOffer } from "@/components/payouts/lnurl-qr";
import { PayoutPanel } from "@/components/payouts/payout-panel";
import { PayoutLinksCard } from "@/components/payouts/payout-links-card";
import { SimulateNextStep } from "@/components/simulator/simulate-next-step";
import { ActionPanel } from "./action-panel";
import { ExchangeAmounts } from "./exchange-amounts";
import { ExchangeLive } from "./exchange-live";
import { ExchangeStatusHeader } from "./exchange-status-header";
import { ExchangeTimeline } from "./exchange-timeline";
import { PayoutDetails } from "./payout-details";

/** The latest confirmation count the webhooks told (the REST payout only says confirmed or not). */
function confirmationsOf(events: StoredEvent[]): number | null {
  let latest: number | null = null;
  for (const event of events) {
    const payout = payoutOfEventBody(event.body);
    if (payout?.kind === "coin" && payout.confirmations !== null) latest = payout.confirmations;
  }
  return latest;
}

/**
 * An exchange's page, rendered on the server from what GET /api/exchanges/{id} and its events
 * answer: the status, the action required, the Lightning payout panel with its QR codes drawn
 * here, its payout links, the test buttons (`steps`, sandbox admins only), amounts, payout and the
 * timeline. Only the panel, the links card, the test buttons and the live refresh run in the browser.
 */
export function ExchangePage({
  view,
  events,
  payoutLinks,
  nodePubkey,
  steps,
  renderedAt,
}: {
  view: ExchangeView;
  events: StoredEvent[];
  /** The exchange's payout links, newest first. */
  payoutLinks: PayoutLinkItem[];
  nodePubkey: string | null;
  steps: SimulatorSteps | { error: string } | null;
  /** The service's time of this render (ms): the countdowns start from it in the server's HTML and in the browser alike. */
  renderedAt: number;
}) {
  const tq = useTranslations("payouts.qr");
  const tp = useTranslations("payouts.panel");
  const prepare = (lnurl: string | undefined, kind: "withdraw" | "channel"): PreparedOffer | null => {
    if (!lnurl) return null;
    const upper = lnurl.toUpperCase();
    const testId = kind === "withdraw" ? "withdraw-qr" : "channel-qr";
    const label = tp(kind === "withdraw" ? "invoiceQr" : "channelQr");
    const code = (
      <LnurlQrCode upper={upper} value={upper} linkLabel={tq("open", { label })} alt={tq("alt", { kind, lnurl: upper })} testId={testId} />
    );
    return { upper, code, lud17: lud17Link(upper, kind) };
  };
  const action = view.action?.kind === "initiate_payout" ? view.action : null;
  const offers = { withdraw: prepare(action?.invoice?.lnurl, "withdraw"), channel: prepare(action?.channel?.lnurl, "channel") };
  return (
    <div className="flex flex-col gap-4">
      <ExchangeLive id={view.id} lightningOpen={view.lightning_open} renderedAt={renderedAt} />
      <ExchangeStatusHeader exchange={view} />
      <ActionPanel exchange={view} />
      <PayoutPanel exchange={view} nodePubkey={nodePubkey} offers={offers} renderedAt={renderedAt} />
      <PayoutLinksCard exchangeId={view.id} initial={payoutLinks} linkable={action !== null} />
      {steps && <SimulateNextStep exchangeId={view.id} steps={steps} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <ExchangeAmounts exchange={view} />
        <PayoutDetails exchange={view} confirmations={confirmationsOf(events)} />
      </div>
      <ExchangeTimeline events={events} />
    </div>
  );
}
