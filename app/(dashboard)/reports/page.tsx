import Link from "next/link";
import { z } from "zod";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { inputClass } from "@/components/ui/field";
import { ExportLinks, linkButtonClass } from "@/components/ui/export-links";
import { EarningsChart } from "@/components/reports/earnings-chart";
import { LiveRefresh } from "@/components/reports/live-refresh";
import { formatBtc, formatFiat } from "@/lib/client/format";
import { pageContext } from "@/lib/auth/page-context";
import { earningsQuerySchema, reportGroups, type EarningsReport, type ReportGroup } from "@/lib/contract/reports-api";
import { serviceTime } from "@/lib/exchange/client";
import { earningsReport } from "@/lib/reports/earnings";
import { statementMonths } from "@/lib/reports/statements";
import { labelsOf } from "@/lib/reports/agreements";
import { periodPresets, presetPeriod, todayIn, type Period, type PeriodPreset } from "@/lib/reports/periods";

export const metadata = { title: "Reports" };
export const dynamic = "force-dynamic";

const presetLabels: Record<PeriodPreset, string> = {
  this_month: "This month",
  last_month: "Last month",
  this_quarter: "This quarter",
  last_quarter: "Last quarter",
  this_year: "This year",
};
const groupLabels: Record<ReportGroup, string> = { agreement: "Agreement", currency: "Currency", pair: "Pair and type", month: "Month" };

const paramsSchema = z.object({
  period: z.enum([...periodPresets, "custom"]).catch("this_month"),
  from: z.string().optional(),
  to: z.string().optional(),
  group: z.enum(reportGroups).catch("agreement"),
});

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: Search }) {
  const { tenant, db } = await pageContext();
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const params = paramsSchema.parse(raw);
  const today = todayIn(tenant.timeZone, serviceTime(tenant.baseUrl));
  const chosen: Period =
    params.period === "custom" ? { from: params.from ?? today, to: params.to ?? today } : presetPeriod(params.period, today);
  const query = earningsQuerySchema.safeParse({ ...chosen, group: params.group });
  const report = query.success ? await earningsReport(db, tenant.id, tenant.timeZone, query.data) : null;
  const months = query.success ? await statementMonths(db, tenant.id, tenant.timeZone, query.data) : new Map<string, string[]>();
  const labels = await labelsOf(db, tenant.id, [...months.keys()]);
  return (
    <div className="flex flex-col gap-4">
      <LiveRefresh />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Affiliate earnings</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            What your agreements earned: each executed exchange&apos;s fee × the agreement&apos;s share on its day. Days in{" "}
            {tenant.timeZone}.
          </p>
        </div>
        {report && (
          <ExportLinks path="/api/reports/earnings" filters={{ from: chosen.from, to: chosen.to, group: params.group }} what="the report" />
        )}
      </div>
      <form
        method="get"
        className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto] sm:items-end"
        aria-label="Report period"
      >
        <label className="flex flex-col gap-1 text-xs font-medium">
          Period
          <select name="period" defaultValue={params.period} className={inputClass}>
            {periodPresets.map((p) => (
              <option key={p} value={p}>
                {presetLabels[p]}
              </option>
            ))}
            <option value="custom">Custom</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          From
          <input type="date" name="from" defaultValue={chosen.from} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          To
          <input type="date" name="to" defaultValue={chosen.to} className={inputClass} />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          Group by
          <select name="group" defaultValue={params.group} className={inputClass}>
            {reportGroups.map((g) => (
              <option key={g} value={g}>
                {groupLabels[g]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${linkButtonClass} col-span-2 sm:col-span-1`}>
          Show
        </button>
        <p className="col-span-2 text-xs text-zinc-600 sm:col-span-5 dark:text-zinc-400">
          From and To apply with Period set to Custom. Showing {chosen.from} to {chosen.to}.
        </p>
      </form>
      {!query.success ? (
        <p
          role="alert"
          className={
            "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 " + "dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          }
        >
          {query.error.issues[0]?.message ?? "These dates do not make a period"}: choose From on or before To.
        </p>
      ) : report && report.rows.length === 0 ? (
        <EmptyState title="No exchanges in this period">Executed exchanges appear here on the day they executed.</EmptyState>
      ) : (
        report && <ReportBody report={report} />
      )}
      <Statements months={months} labels={labels} />
    </div>
  );
}

function ReportBody({ report }: { report: EarningsReport }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        {report.totals.map((t) => (
          <Card key={t.currency} title={`Total in ${t.currency.toUpperCase()}`}>
            <dl className="grid grid-cols-2 gap-1 text-sm" data-total={t.currency}>
              <dt className="text-zinc-600 dark:text-zinc-400">Earnings</dt>
              <dd className="text-right font-semibold" data-testid={`earnings-${t.currency}`}>
                {formatFiat(Number(t.earnings), t.currency)}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Fees</dt>
              <dd className="text-right">{formatFiat(Number(t.fees), t.currency)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Volume</dt>
              <dd className="text-right">{formatFiat(Number(t.volume), t.currency)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Bitcoin</dt>
              <dd className="text-right">{formatBtc(Number(t.bitcoin))}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">Exchanges</dt>
              <dd className="text-right">{t.count}</dd>
              {t.interrupted.count > 0 && (
                <>
                  <dt className="text-zinc-600 dark:text-zinc-400">Interrupted (apart)</dt>
                  <dd className="text-right">
                    {t.interrupted.count} · {formatFiat(Number(t.interrupted.volume), t.currency)}
                  </dd>
                </>
              )}
            </dl>
          </Card>
        ))}
      </div>
      <Card title="Earnings by group">
        <EarningsChart rows={report.rows} />
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Orange: earnings; grey: fees. Each currency has its own scale.
          {report.refunded > 0 && ` ${report.refunded} refunded ${report.refunded === 1 ? "exchange is" : "exchanges are"} left out.`}
        </p>
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Earnings by group, as a table">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Group</th>
                <th className="py-2 pr-3 text-right font-medium">Exchanges</th>
                <th className="py-2 pr-3 text-right font-medium">Volume</th>
                <th className="py-2 pr-3 text-right font-medium">Bitcoin</th>
                <th className="py-2 pr-3 text-right font-medium">Fees</th>
                <th className="py-2 pr-3 text-right font-medium">Earnings</th>
                <th className="py-2 text-right font-medium">Interrupted</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {report.rows.map((r) => (
                <tr key={`${r.key}-${r.currency}`} data-group={r.key} data-currency={r.currency}>
                  <td className="py-2 pr-3">
                    <span className="break-all">{r.label}</span>{" "}
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">{r.currency.toUpperCase()}</span>
                  </td>
                  <td className="py-2 pr-3 text-right">{r.count}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatFiat(Number(r.volume), r.currency)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatBtc(Number(r.bitcoin))}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{formatFiat(Number(r.fees), r.currency)}</td>
                  <td className="py-2 pr-3 text-right font-medium whitespace-nowrap">{formatFiat(Number(r.earnings), r.currency)}</td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {r.interrupted.count > 0 ? `${r.interrupted.count} · ${formatFiat(Number(r.interrupted.volume), r.currency)}` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/** Links to each agreement's monthly statements: the months of the period in which it earned. */
function Statements({ months, labels }: { months: Map<string, string[]>; labels: Map<string, string> }) {
  if (months.size === 0) return null;
  return (
    <Card title="Monthly statements">
      <ul className="flex flex-col gap-2 text-sm">
        {[...months.entries()].map(([id, list]) => (
          <li key={id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-statements={id}>
            <span className="font-medium break-all">{labels.get(id) ?? id}</span>
            {list.slice(0, 24).map((m) => (
              <Link
                key={m}
                href={`/reports/statements/${id}/${m}`}
                className="text-orange-700 underline underline-offset-2 dark:text-orange-400"
              >
                {m}
              </Link>
            ))}
          </li>
        ))}
      </ul>
    </Card>
  );
}
