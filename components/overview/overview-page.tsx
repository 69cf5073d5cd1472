"use client";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { useOverview } from "@/lib/client/queries";
import { formatFiat } from "@/lib/client/format";
import { VolumeChart } from "./volume-chart";
import { exchangeStates } from "@/lib/exchange/schemas";

const stateText: Record<string, string> = {
  executed: "Executed, payout pending",
  interrupted: "Need an action",
  refunded: "Refunded",
  settled: "Paid out",
};

export function OverviewPage() {
  const query = useOverview();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Overview</h1>
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {exchangeStates.map((state) => (
          <Link
            key={state}
            href={`/exchanges?state=${state}`}
            className={
              "rounded-lg border border-zinc-200 bg-white p-4 hover:border-orange-400 focus-visible:outline-2 " +
              "focus-visible:outline-orange-500 dark:border-zinc-800 dark:bg-zinc-900"
            }
          >
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{stateText[state]}</p>
            <p className="mt-1 text-2xl font-semibold tabular-nums" data-count={state}>
              {query.data ? (query.data.counts[state] ?? 0) : "–"}
            </p>
          </Link>
        ))}
      </div>
      {query.data && query.data.attention.count > 0 && (
        <Card
          title={`Needs attention (${query.data.attention.count})`}
          labelId="needs-attention"
          actions={
            <Link href="/exchanges?attention=1" className="text-sm text-orange-700 hover:underline dark:text-orange-400">
              See all
            </Link>
          }
        >
          <ExchangeTable items={query.data.attention.items} />
        </Card>
      )}
      {query.data && query.data.reconciliation.length > 0 && (
        <Card title="Affiliate payouts differ" labelId="reconciliation">
          <ul className="flex flex-col gap-1 text-sm" data-testid="reconciliation">
            {query.data.reconciliation.map((r) => (
              <li key={`${r.affiliate_id}-${r.period}-${r.currency}`} className="flex flex-wrap gap-x-2">
                <Link
                  href={`/reports/statements/${r.affiliate_id}/${r.period}`}
                  className="font-medium text-orange-700 hover:underline dark:text-orange-400"
                >
                  {r.label ?? r.affiliate_id.slice(0, 8)} · {r.period}
                </Link>
                <span>
                  earned {formatFiat(Number(r.earned), r.currency)}, received {formatFiat(Number(r.received), r.currency)}, difference{" "}
                  <strong className="text-red-700 dark:text-red-400">{formatFiat(Number(r.difference), r.currency)}</strong>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card title="Daily volume and fees, last 30 days">
        {query.data ? <VolumeChart points={query.data.daily} today={query.data.today} /> : <LoadingRows rows={4} />}
      </Card>
      <Card
        title="Latest exchanges"
        actions={
          <Link href="/exchanges" className="text-sm text-orange-700 hover:underline dark:text-orange-400">
            All exchanges
          </Link>
        }
      >
        {query.isPending ? (
          <LoadingRows />
        ) : query.data && query.data.latest.length > 0 ? (
          <ExchangeTable items={query.data.latest} />
        ) : (
          <EmptyState title="No exchanges yet">
            <p className="text-sm text-zinc-500 dark:text-zinc-400">Exchanges appear here, live, when customers pay into your orders.</p>
            <Link href="/orders/new" className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400">
              Create an order
            </Link>
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
