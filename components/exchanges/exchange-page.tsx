"use client";
import { useQuery } from "@tanstack/react-query";
import { ErrorState, LoadingRows, EmptyState } from "@/components/ui/states";
import { ApiClientError, apiFetch, queryKeys } from "@/lib/client/api";
import { storedEventsSchema } from "@/lib/client/schemas";
import { exchangeSchema, type Exchange } from "@/lib/exchange/schemas";
import { exchangeState } from "@/lib/exchange/exchange-state";
import { ActionPanel } from "./action-panel";
import { ExchangeAmounts } from "./exchange-amounts";
import { ExchangeStatusHeader } from "./exchange-status-header";
import { ExchangeTimeline } from "./exchange-timeline";
import { PayoutDetails } from "./payout-details";
import { PayoutPanel } from "@/components/payouts/payout-panel";

/** The latest confirmation count the webhooks told (the REST payout only says confirmed or not). */
function confirmationsOf(events: { body: unknown }[]): number | null {
  let latest: number | null = null;
  for (const event of events) {
    const c = (event.body as { payload?: { payout?: { confirmations?: unknown } } })?.payload?.payout?.confirmations;
    if (typeof c === "number") latest = c;
  }
  return latest;
}

function awaitsLightning(exchange: Exchange | undefined): boolean {
  if (!exchange) return false;
  const payout = exchange.payout as { status?: string } | null;
  return exchange.action?.code === "initiate_payout" || payout?.status === "pending" || payout?.status === "funding";
}

export function ExchangePage({ id }: { id: string }) {
  const exchange = useQuery({
    queryKey: queryKeys.exchange(id),
    queryFn: () => apiFetch(`/api/exchanges/${id}`, exchangeSchema),
    // a Lightning payout moves without webhooks too (an LNURL callback, an offer expiring): look every 5 s
    refetchInterval: (query) => (awaitsLightning(query.state.data) ? 5_000 : false),
  });
  const events = useQuery({ queryKey: queryKeys.exchangeEvents(id), queryFn: () => apiFetch(`/api/exchanges/${id}/events`, storedEventsSchema), enabled: exchange.isSuccess });
  if (exchange.isPending) return <LoadingRows rows={6} />;
  if (exchange.isError) {
    if (exchange.error instanceof ApiClientError && exchange.error.status === 404) {
      return <EmptyState title="Exchange not found">The id does not exist, or the exchange belongs to another company.</EmptyState>;
    }
    return <ErrorState error={exchange.error} retry={() => void exchange.refetch()} />;
  }
  const data = exchange.data;
  const state = exchangeState(data);
  return (
    <div className="flex flex-col gap-4">
      <ExchangeStatusHeader exchange={data} state={state} />
      <ActionPanel exchange={data} />
      <PayoutPanel exchange={data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ExchangeAmounts exchange={data} />
        <PayoutDetails exchange={data} confirmations={confirmationsOf(events.data?.data ?? [])} />
      </div>
      {events.isError ? <ErrorState error={events.error} retry={() => void events.refetch()} /> : <ExchangeTimeline events={events.data?.data ?? []} />}
    </div>
  );
}
