import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/app-link";
import type { Formatters } from "@/lib/dashboard/client/format";
import type { Statement } from "@/lib/dashboard/contract/reports-api";

/** A statement's totals by currency: earned against received, with a note when they differ. */
export async function StatementTotals({ statement: s, f, monthName }: { statement: Statement; f: Formatters; monthName: string }) {
  const t = await getTranslations("reports.statement");
  const differs = s.totals.some((total) => total.difference !== "0.00" && s.payouts.length > 0);
  return (
    <section aria-labelledby="totals-heading" className="flex flex-col gap-2">
      <h2 id="totals-heading" className="text-lg font-semibold">
        {t("totals")}
      </h2>
      {s.totals.length === 0 ? (
        <p className="text-sm">{t("noTotals", { month: monthName })}</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label={t("totalsTable")}>
          <table className="w-full cards-on-phone min-w-[32rem] text-sm print:min-w-0">
            <thead className="text-left text-xs text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
              <tr>
                <th className="py-1 pr-3 font-medium">{t("currency")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("exchanges")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("fees")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("earned")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("received")}</th>
                <th className="py-1 text-right font-medium">{t("difference")}</th>
              </tr>
            </thead>
            <tbody>
              {s.totals.map((total) => (
                <tr key={total.currency} data-total={total.currency} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="card-title py-1 pr-3">{total.currency.toUpperCase()}</td>
                  <td data-label={t("exchanges")} className="py-1 pr-3 text-right">
                    {total.count}
                  </td>
                  <td data-label={t("fees")} className="py-1 pr-3 text-right">
                    {f.fiat(Number(total.fees), total.currency)}
                  </td>
                  <td data-label={t("earned")} className="py-1 pr-3 text-right font-medium" data-testid={`earned-${total.currency}`}>
                    {f.fiat(Number(total.earned), total.currency)}
                  </td>
                  <td data-label={t("received")} className="py-1 pr-3 text-right">
                    {f.fiat(Number(total.received), total.currency)}
                  </td>
                  <td
                    data-label={t("difference")}
                    className={`py-1 text-right font-medium ${total.difference === "0.00" ? "" : "text-red-700 dark:text-red-400"}`}
                    data-testid={`difference-${total.currency}`}
                  >
                    {f.fiat(Number(total.difference), total.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {differs && (
        <p
          role="status"
          className={
            "rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 " +
            "dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          }
        >
          {t("differs")}
        </p>
      )}
    </section>
  );
}

/** A statement's exchanges, one line each with the affiliate's earning. */
export async function StatementLines({ statement: s, f }: { statement: Statement; f: Formatters }) {
  const [t, tc] = await Promise.all([getTranslations("reports.statement"), getTranslations("common")]);
  const dateIn = (iso: string) =>
    new Intl.DateTimeFormat(f.tag, { timeZone: s.time_zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <section aria-labelledby="lines-heading" className="flex flex-col gap-2">
      <h2 id="lines-heading" className="text-lg font-semibold">
        {t("exchanges")}
      </h2>
      {s.lines.length === 0 ? (
        <p className="text-sm">{t("none")}</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label={t("exchangesTable")}>
          <table className="w-full cards-on-phone min-w-[44rem] text-sm print:min-w-0 print:text-[9pt]">
            <thead className="text-left text-xs text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
              <tr>
                <th className="py-1 pr-3 font-medium">{t("date")}</th>
                <th className="py-1 pr-3 font-medium">{t("exchange")}</th>
                <th className="py-1 pr-3 font-medium">{t("pair")}</th>
                <th className="py-1 pr-3 font-medium">{t("type")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("cost")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("fee")}</th>
                <th className="py-1 pr-3 text-right font-medium">{t("share")}</th>
                <th className="py-1 text-right font-medium">{t("earning")}</th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr
                  key={l.exchange_id}
                  data-line={l.exchange_id}
                  className="border-t border-zinc-200 break-inside-avoid dark:border-zinc-800"
                >
                  <td data-label={t("date")} className="py-1 pr-3 whitespace-nowrap">
                    {dateIn(l.executed_at)}
                  </td>
                  <td data-label={t("exchange")} className="py-1 pr-3 font-mono text-xs">
                    <Link href={`/exchanges/${l.exchange_id}`} className="print:no-underline">
                      {l.exchange_id.slice(0, 8)}
                    </Link>
                  </td>
                  <td data-label={t("pair")} className="py-1 pr-3">
                    {l.pair.toUpperCase()}
                  </td>
                  <td data-label={t("type")} className="py-1 pr-3">
                    {tc(l.type)}
                  </td>
                  <td data-label={t("cost")} className="py-1 pr-3 text-right whitespace-nowrap">
                    {f.fiat(Number(l.cost), l.currency)}
                  </td>
                  <td data-label={t("fee")} className="py-1 pr-3 text-right whitespace-nowrap">
                    {f.fiat(Number(l.fee), l.currency)}
                  </td>
                  <td data-label={t("share")} className="py-1 pr-3 text-right whitespace-nowrap">
                    {l.share_percent === null ? "—" : t("percent", { share: l.share_percent })}
                  </td>
                  <td data-label={t("earning")} className="py-1 text-right whitespace-nowrap">
                    {f.fiat(Number(l.earning), l.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!s.lines_complete && <p className="text-sm">{t("truncated", { count: s.lines.length })}</p>}
    </section>
  );
}

/** The payouts received for a statement's month; `recordForm` records another (left off paper). */
export async function StatementPayouts({ statement: s, f, recordForm }: { statement: Statement; f: Formatters; recordForm: ReactNode }) {
  const t = await getTranslations("reports.statement");
  return (
    <section aria-labelledby="payouts-heading" className="flex flex-col gap-2">
      <h2 id="payouts-heading" className="text-lg font-semibold">
        {t("payouts")}
      </h2>
      {s.payouts.length === 0 ? (
        <p className="text-sm">{t("noPayouts")}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {s.payouts.map((p) => (
            <li key={p.id} data-payout={p.id} className="flex flex-wrap gap-x-3">
              <span>{p.received_on}</span>
              <span className="font-medium">{f.fiat(Number(p.amount), p.currency)}</span>
              <span className="wrap-anywhere text-zinc-600 dark:text-zinc-400 print:text-black">{p.bank_reference}</span>
            </li>
          ))}
        </ul>
      )}
      {recordForm}
    </section>
  );
}
