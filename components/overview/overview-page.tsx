"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import type { Overview } from "@/lib/dashboard/contract/dashboard-api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { VolumeChart } from "./volume-chart";

const exchangeStates = ["executed", "interrupted", "refunded", "settled"] as const;

/** A tile of the top row: a figure that links to where it comes from. */
const tileClass =
  "rounded-lg border border-zinc-200 bg-white p-4 hover:border-orange-400 focus-visible:outline-2 " +
  "focus-visible:outline-orange-500 dark:border-zinc-800 dark:bg-zinc-900";

/** The counts by state, each a link to its exchanges, and the last day's share of failed requests. */
function OverviewTiles({ data }: { data: Overview }) {
  const t = useTranslations("overview");
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {exchangeStates.map((state) => (
        <Link key={state} href={`/exchanges?state=${state}`} className={tileClass}>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t(`states.${state}`)}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums" data-count={state}>
            {data.counts[state] ?? 0}
          </p>
        </Link>
      ))}
      <Link href="/logs/errors" className={tileClass}>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("errorRate")}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="error-rate-24h">
          {data.requests_24h.total === 0 ? "—" : f.share(data.requests_24h.failed / data.requests_24h.total)}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t("errorRateOf", { failed: data.requests_24h.failed, total: data.requests_24h.total })}
        </p>
      </Link>
    </div>
  );
}

/** Months whose payouts received differ from what was earned, each a link to its statement. */
function ReconciliationCard({ items }: { items: Overview["reconciliation"] }) {
  const t = useTranslations("overview");
  const f = useFormat();
  return (
    <Card title={t("reconciliation")} labelId="reconciliation">
      <ul className="flex flex-col gap-1 text-sm" data-testid="reconciliation">
        {items.map((r) => (
          <li key={`${r.affiliate_id}-${r.period}-${r.currency}`} className="flex flex-wrap gap-x-2">
            <Link
              href={`/reports/statements/${r.affiliate_id}/${r.period}`}
              className="font-medium text-orange-700 hover:underline dark:text-orange-400"
            >
              {r.label ?? r.affiliate_id.slice(0, 8)} · {r.period}
            </Link>
            <span>
              {t.rich("difference", {
                earned: f.fiat(Number(r.earned), r.currency),
                received: f.fiat(Number(r.received), r.currency),
                difference: f.fiat(Number(r.difference), r.currency),
                strong: (chunks) => <strong className="text-red-700 dark:text-red-400">{chunks}</strong>,
              })}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The overview, from what GET /api/overview answers, rendered on the server and refreshed live. */
export function OverviewPage({ data }: { data: Overview }) {
  const t = useTranslations("overview");
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <OverviewTiles data={data} />
      {data.attention.count > 0 && (
        <Card
          title={t("attention", { count: data.attention.count })}
          labelId="needs-attention"
          actions={
            <Link href="/exchanges?attention=1" className="text-sm text-orange-700 hover:underline dark:text-orange-400">
              {t("seeAll")}
            </Link>
          }
        >
          <ExchangeTable items={data.attention.items} />
        </Card>
      )}
      {data.reconciliation.length > 0 && <ReconciliationCard items={data.reconciliation} />}
      <Card title={t("volume")} labelId="daily-volume">
        <VolumeChart points={data.daily} today={data.today} />
      </Card>
      <Card
        title={t("latest")}
        labelId="latest-exchanges"
        actions={
          <Link href="/exchanges" className="text-sm text-orange-700 hover:underline dark:text-orange-400">
            {t("allExchanges")}
          </Link>
        }
      >
        {data.latest.length > 0 ? (
          <ExchangeTable items={data.latest} />
        ) : (
          <EmptyState title={t("empty.title")}>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("empty.body")}</p>
            <Link href="/orders/new" className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400">
              {t("empty.create")}
            </Link>
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
