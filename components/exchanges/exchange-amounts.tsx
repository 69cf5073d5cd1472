import { Card } from "@/components/ui/card";
import { DefinitionList } from "@/components/ui/states";
import type { ExchangeView } from "@/lib/exchanges/exchange-view";
import { btcToSats, formatBtc, formatDateTime, formatFiat, formatPercent, formatSats } from "@/lib/client/format";

export function ExchangeAmounts({ exchange }: { exchange: ExchangeView }) {
  const { currency } = exchange;
  return (
    <Card title="Amounts">
      <DefinitionList
        items={[
          ["Paid in", formatFiat(exchange.cost, currency)],
          [
            "Fee",
            <span key="fee">
              {formatFiat(exchange.fee, currency)}{" "}
              <span className="text-zinc-500 dark:text-zinc-400">({formatPercent(exchange.fee_rate)})</span>
            </span>,
          ],
          ["Rate", exchange.rate === null ? "—" : `${formatFiat(exchange.rate, currency)} per BTC`],
          [
            "Bitcoin",
            exchange.amount === null ? (
              "—"
            ) : (
              <span key="amount">
                {formatBtc(exchange.amount)}{" "}
                <span className="text-zinc-500 dark:text-zinc-400">({formatSats(btcToSats(exchange.amount))})</span>
              </span>
            ),
          ],
          ["Executed", formatDateTime(exchange.executed_on)],
          [
            "Order",
            <a key="order" href={`/orders/${exchange.order_id}`} className="font-mono text-orange-700 hover:underline dark:text-orange-400">
              {exchange.order_id}
            </a>,
          ],
        ]}
      />
    </Card>
  );
}
