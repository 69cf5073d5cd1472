"use client";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { ApiClientError } from "@/lib/client/api";
import { useOrder, useOrderExchanges } from "@/lib/client/queries";
import { formatDateTime, formatPercent } from "@/lib/client/format";
import { OrderSettings } from "./order-settings";
import { PaymentInstructions } from "./payment-instructions";
import { PayoutMethodCard } from "./payout-method-card";
import { SimulatePayment } from "@/components/simulator/simulate-payment";

export function OrderPage({ id }: { id: string }) {
  const order = useOrder(id);
  const exchanges = useOrderExchanges(id, order.isSuccess);
  if (order.isPending) return <LoadingRows rows={6} />;
  if (order.isError) {
    if (order.error instanceof ApiClientError && order.error.status === 404) {
      return <EmptyState title="Order not found">The id does not exist, or the order belongs to another company.</EmptyState>;
    }
    return <ErrorState error={order.error} retry={() => void order.refetch()} />;
  }
  const data = order.data;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle kind="Order" id={data.id} state={data.active ? "active" : "inactive"}>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {"node_pubkey" in data.payout_method ? "Lightning" : "On-chain"} · fee {formatPercent(data.fee_rate)} · created{" "}
          {formatDateTime(data.created_on)}
        </span>
      </PageTitle>
      <PaymentInstructions method={data.payment_method} />
      <SimulatePayment orderId={data.id} currency={data.payment_method.currency} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PayoutMethodCard method={data.payout_method} />
        <OrderSettings order={data} />
      </div>
      <Card title="Exchanges of this order">
        {exchanges.isPending ? (
          <LoadingRows />
        ) : exchanges.isError ? (
          <ErrorState error={exchanges.error} retry={() => void exchanges.refetch()} />
        ) : exchanges.data.data.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No payment has arrived yet. Exchanges appear here as soon as one does.</p>
        ) : (
          <ExchangeTable items={exchanges.data.data} />
        )}
      </Card>
    </div>
  );
}
