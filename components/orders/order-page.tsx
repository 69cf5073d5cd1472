"use client";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { ApiClientError } from "@/lib/client/api";
import { useOrder, useOrderExchanges } from "@/lib/client/queries";
import { useFormat } from "@/lib/client/use-format";
import { OrderSettings } from "./order-settings";
import { PaymentInstructions } from "./payment-instructions";
import { PayoutMethodCard } from "./payout-method-card";
import { SimulatePayment } from "@/components/simulator/simulate-payment";

export function OrderPage({ id }: { id: string }) {
  const t = useTranslations("orders.page");
  const f = useFormat();
  const order = useOrder(id);
  const exchanges = useOrderExchanges(id, order.isSuccess);
  if (order.isPending) return <LoadingRows rows={6} />;
  if (order.isError) {
    if (order.error instanceof ApiClientError && order.error.status === 404) {
      return <EmptyState title={t("notFound")}>{t("notFoundBody")}</EmptyState>;
    }
    return <ErrorState error={order.error} retry={() => void order.refetch()} />;
  }
  const data = order.data;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle kind={t("kind")} id={data.id} state={data.active ? "active" : "inactive"}>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {t("facts", {
            lightning: "node_pubkey" in data.payout_method ? "yes" : "no",
            rate: f.percent(data.fee_rate),
            created: f.dateTime(data.created_on),
          })}
        </span>
      </PageTitle>
      <PaymentInstructions method={data.payment_method} />
      <SimulatePayment orderId={data.id} currency={data.payment_method.currency} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PayoutMethodCard method={data.payout_method} />
        <OrderSettings order={data} />
      </div>
      <Card title={t("exchanges")} labelId="order-exchanges">
        {exchanges.isPending ? (
          <LoadingRows />
        ) : exchanges.isError ? (
          <ErrorState error={exchanges.error} retry={() => void exchanges.refetch()} />
        ) : exchanges.data.data.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("noExchanges")}</p>
        ) : (
          <ExchangeTable items={exchanges.data.data} />
        )}
      </Card>
    </div>
  );
}
