import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { DefinitionList } from "@/components/ui/states";
import type { ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import { btcToSats } from "@/lib/dashboard/client/format";
import { useFormat, usePageTimeZone } from "@/lib/dashboard/client/use-format";

export function ExchangeAmounts({ exchange }: { exchange: ExchangeView }) {
  const t = useTranslations("exchanges.amounts");
  const f = useFormat();
  const zone = usePageTimeZone();
  const { currency } = exchange;
  return (
    <Card title={t("title")} labelId="exchange-amounts">
      <DefinitionList
        items={[
          [t("paidIn"), f.fiat(exchange.cost, currency)],
          [
            t("fee"),
            <span key="fee">
              {f.fiat(exchange.fee, currency)} <span className="text-zinc-500 dark:text-zinc-400">({f.percent(exchange.fee_rate)})</span>
            </span>,
          ],
          [t("rate"), exchange.rate === null ? "—" : t("perBtc", { rate: f.fiat(exchange.rate, currency) })],
          [
            t("bitcoin"),
            exchange.amount === null ? (
              "—"
            ) : (
              <span key="amount">
                {f.btc(exchange.amount)} <span className="text-zinc-500 dark:text-zinc-400">({f.sats(btcToSats(exchange.amount))})</span>
              </span>
            ),
          ],
          [t("executed"), f.dateTime(exchange.executed_on)],
          [
            t("order"),
            <a key="order" href={`/orders/${exchange.order_id}`} className="font-mono text-orange-700 hover:underline dark:text-orange-400">
              {exchange.order_id}
            </a>,
          ],
        ]}
      />
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{t("zone", { zone })}</p>
    </Card>
  );
}
