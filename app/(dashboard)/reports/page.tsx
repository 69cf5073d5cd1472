import { Link } from "@/components/ui/app-link";
import { z } from "zod";
import { useLocale, useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { DateField } from "@/components/ui/date-time-field";
import { EmptyState } from "@/components/ui/states";
import { inputClass } from "@/components/ui/field";
import { ExportLinks, linkButtonClass } from "@/components/ui/export-links";
import { EarningsChart } from "@/components/reports/earnings-chart";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { formatters } from "@/lib/dashboard/client/format";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { earningsQuerySchema, reportGroups, type EarningsReport, type ReportGroup } from "@/lib/dashboard/contract/reports-api";
import { serviceTime } from "@/lib/service-api/client";
import { earningsReport } from "@/lib/dashboard/reports/earnings";
import { statementMonths } from "@/lib/dashboard/reports/statements";
import { labelsOf } from "@/lib/dashboard/reports/agreements";
import { periodPresets, presetPeriod, todayIn, type Period, type PeriodPreset } from "@/lib/dashboard/reports/periods";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("reports");
export const dynamic = "force-dynamic";

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
  const months = query.success ? await statementMonths(db, tenant.id, query.data) : new Map<string, string[]>();
  const labels = await labelsOf(db, tenant.id, [...months.keys()]);
  const t = await getTranslations("reports");
  return (
    <div className="flex flex-col gap-4">
      <LiveRefresh />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro", { zone: tenant.timeZone })}</p>
        </div>
        {report && (
          <ExportLinks
            path="/api/reports/earnings"
            filters={{ from: chosen.from, to: chosen.to, group: params.group }}
            what={t("exportWhat")}
          />
        )}
      </div>
      <form
        method="get"
        className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto] sm:items-end"
        aria-label={t("periodForm")}
      >
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t("period")}
          <select name="period" defaultValue={params.period} className={inputClass}>
            {periodPresets.map((p: PeriodPreset) => (
              <option key={p} value={p}>
                {t(`presets.${p}`)}
              </option>
            ))}
            <option value="custom">{t("presets.custom")}</option>
          </select>
        </label>
        {(["from", "to"] as const).map((end) => (
          <div key={end} className="flex flex-col gap-1 text-xs font-medium">
            <label htmlFor={`report-${end}`}>{t(end)}</label>
            <DateField id={`report-${end}`} label={t(end)} name={end} defaultValue={chosen[end]} compact />
          </div>
        ))}
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t("groupBy")}
          <select name="group" defaultValue={params.group} className={inputClass}>
            {reportGroups.map((g: ReportGroup) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={`${linkButtonClass} col-span-2 sm:col-span-1`}>
          {t("show")}
        </button>
        <p className="col-span-2 text-xs text-zinc-600 sm:col-span-5 dark:text-zinc-400">
          {t("showing", { from: chosen.from, to: chosen.to })}
        </p>
      </form>
      {!query.success ? (
        <p
          role="alert"
          className={
            "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 " + "dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          }
        >
          {t("badPeriod", { detail: query.error.issues[0]?.message ?? t("notAPeriod") })}
        </p>
      ) : report && report.rows.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyBody")}</EmptyState>
      ) : (
        report && <ReportBody report={report} />
      )}
      <Statements months={months} labels={labels} />
    </div>
  );
}

function ReportBody({ report }: { report: EarningsReport }) {
  const t = useTranslations("reports");
  const f = formatters(useLocale());
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        {report.totals.map((total) => (
          <Card key={total.currency} title={t("total", { currency: total.currency.toUpperCase() })}>
            <dl className="grid grid-cols-2 gap-1 text-sm" data-total={total.currency}>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("earnings")}</dt>
              <dd className="text-right font-semibold" data-testid={`earnings-${total.currency}`}>
                {f.fiat(Number(total.earnings), total.currency)}
              </dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("fees")}</dt>
              <dd className="text-right">{f.fiat(Number(total.fees), total.currency)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("volume")}</dt>
              <dd className="text-right">{f.fiat(Number(total.volume), total.currency)}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("bitcoin")}</dt>
              <dd className="text-right">{f.btc(Number(total.bitcoin))}</dd>
              <dt className="text-zinc-600 dark:text-zinc-400">{t("exchanges")}</dt>
              <dd className="text-right">{total.count}</dd>
              {total.interrupted.count > 0 && (
                <>
                  <dt className="text-zinc-600 dark:text-zinc-400">{t("interruptedApart")}</dt>
                  <dd className="text-right">
                    {total.interrupted.count} · {f.fiat(Number(total.interrupted.volume), total.currency)}
                  </dd>
                </>
              )}
            </dl>
          </Card>
        ))}
      </div>
      <Card title={t("byGroup")} labelId="earnings-by-group">
        <EarningsChart rows={report.rows} />
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {t("legend")}
          {report.refunded > 0 && ` ${t("refundedLeftOut", { count: report.refunded })}`}
        </p>
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("tableLabel")}>
          <table className="w-full cards-on-phone min-w-[40rem] text-left text-sm">
            <thead className="text-xs text-zinc-600 uppercase dark:text-zinc-400">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("group")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("exchanges")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("volume")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("bitcoin")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("fees")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("earnings")}</th>
                <th className="py-2 text-right font-medium">{t("interrupted")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {report.rows.map((r) => (
                <tr key={`${r.key}-${r.currency}`} data-group={r.key} data-currency={r.currency}>
                  <td className="card-title py-2 pr-3">
                    <span className="wrap-anywhere">{r.label}</span>{" "}
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">{r.currency.toUpperCase()}</span>
                  </td>
                  <td data-label={t("exchanges")} className="py-2 pr-3 text-right">
                    {r.count}
                  </td>
                  <td data-label={t("volume")} className="py-2 pr-3 text-right whitespace-nowrap">
                    {f.fiat(Number(r.volume), r.currency)}
                  </td>
                  <td data-label={t("bitcoin")} className="py-2 pr-3 text-right whitespace-nowrap">
                    {f.btc(Number(r.bitcoin))}
                  </td>
                  <td data-label={t("fees")} className="py-2 pr-3 text-right whitespace-nowrap">
                    {f.fiat(Number(r.fees), r.currency)}
                  </td>
                  <td data-label={t("earnings")} className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                    {f.fiat(Number(r.earnings), r.currency)}
                  </td>
                  <td data-label={t("interrupted")} className="py-2 text-right whitespace-nowrap">
                    {r.interrupted.count > 0 ? `${r.interrupted.count} · ${f.fiat(Number(r.interrupted.volume), r.currency)}` : "—"}
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
  const t = useTranslations("reports");
  if (months.size === 0) return null;
  return (
    <Card title={t("statements")} labelId="monthly-statements">
      <ul className="flex flex-col gap-2 text-sm">
        {[...months.entries()].map(([id, list]) => (
          <li key={id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-statements={id}>
            <span className="font-medium wrap-anywhere">{labels.get(id) ?? id}</span>
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
