import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { SimulatePayment } from "@/components/simulator/simulate-payment";
import type { ExchangeListItem } from "@/lib/dashboard/contract/dashboard-api";
import type { Order } from "@/lib/service-api/schemas";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { OrderSettings } from "./order-settings";
import { PaymentInstructions } from "./payment-instructions";
import { PayoutMethodCard } from "./payout-method-card";

/**
 * An order's page, rendered on the server from what GET /api/orders/{id} and the order's
 * exchanges answer: payment instructions with their QR code (drawn here), the payout method, the
 * settings form and the test payment (in the browser), and the order's exchanges.
 */
export function OrderPage({ order, exchanges }: { order: Order; exchanges: ExchangeListItem[] }) {
  const t = useTranslations("orders.page");
  const f = useFormat();
  return (
    <div className="flex flex-col gap-4">
      <PageTitle kind={t("kind")} id={order.id} state={order.active ? "active" : "inactive"}>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {t("facts", {
            lightning: "node_pubkey" in order.payout_method ? "yes" : "no",
            rate: f.percent(order.fee_rate),
            created: f.dateTime(order.created_on),
          })}
        </span>
      </PageTitle>
      <PaymentInstructions method={order.payment_method} />
      <SimulatePayment orderId={order.id} currency={order.payment_method.currency} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PayoutMethodCard method={order.payout_method} />
        <OrderSettings order={order} />
      </div>
      <Card title={t("exchanges")} labelId="order-exchanges">
        {exchanges.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("noExchanges")}</p>
        ) : (
          <ExchangeTable items={exchanges} />
        )}
      </Card>
    </div>
  );
}
