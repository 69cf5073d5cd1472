"use client";
import { useTranslations } from "next-intl";
import { ErrorState, LoadingRows, EmptyState } from "@/components/ui/states";
import { ApiClientError } from "@/lib/client/api";
import { useExchange, useExchangeEvents } from "@/lib/client/queries";
import type { StoredEvent } from "@/lib/contract/dashboard-api";
import { payoutOfEventBody } from "@/lib/exchanges/exchange-view";
import { ActionPanel } from "./action-panel";
import { ExchangeAmounts } from "./exchange-amounts";
import { ExchangeStatusHeader } from "./exchange-status-header";
import { ExchangeTimeline } from "./exchange-timeline";
import { PayoutDetails } from "./payout-details";
import { PayoutPanel } from "@/components/payouts/payout-panel";
import { SimulateNextStep } from "@/components/simulator/simulate-next-step";

/** The latest confirmation count the webhooks told (the REST payout only says confirmed or not). */
function confirmationsOf(events: StoredEvent[]): number | null {
  let latest: number | null = null;
  for (const event of events) {
    const payout = payoutOfEventBody(event.body);
    if (payout?.kind === "coin" && payout.confirmations !== null) latest = payout.confirmations;
  }
  return latest;
}

export function ExchangePage({ id }: { id: string }) {
  const t = useTranslations("exchanges");
  const exchange = useExchange(id);
  const events = useExchangeEvents(id, exchange.isSuccess);
  if (exchange.isPending) return <LoadingRows rows={6} />;
  if (exchange.isError) {
    if (exchange.error instanceof ApiClientError && exchange.error.status === 404) {
      return <EmptyState title={t("notFound")}>{t("notFoundBody")}</EmptyState>;
    }
    return <ErrorState error={exchange.error} retry={() => void exchange.refetch()} />;
  }
  const view = exchange.view;
  if (!view) return <LoadingRows rows={6} />;
  return (
    <div className="flex flex-col gap-4">
      <ExchangeStatusHeader exchange={view} />
      <ActionPanel exchange={view} />
      <PayoutPanel exchange={view} />
      <SimulateNextStep exchangeId={view.id} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ExchangeAmounts exchange={view} />
        <PayoutDetails exchange={view} confirmations={confirmationsOf(events.data?.data ?? [])} />
      </div>
      {events.isError ? (
        <ErrorState error={events.error} retry={() => void events.refetch()} />
      ) : (
        <ExchangeTimeline events={events.data?.data ?? []} />
      )}
    </div>
  );
}
