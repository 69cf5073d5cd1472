import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/reports/live-refresh";
import { PrintButton } from "@/components/reports/print-button";
import { linkButtonClass } from "@/components/ui/export-links";
import { RecordPayoutForm } from "@/components/reports/record-payout-form";
import { formatFiat } from "@/lib/client/format";
import { pageContext } from "@/lib/auth/page-context";
import { monthSchema } from "@/lib/contract/reports-api";
import { serviceTime } from "@/lib/exchange/client";
import { statement } from "@/lib/reports/statements";
import { todayIn } from "@/lib/reports/periods";

export const metadata = { title: "Statement" };
export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

// A monthly statement of one agreement: printable (the shell and the forms are left off paper).
export default async function StatementPage({ params }: { params: Promise<{ affiliate_id: string; period: string }> }) {
  const { affiliate_id: rawId, period } = await params;
  if (!UUID.test(rawId) || !monthSchema.safeParse(period).success) notFound();
  const affiliateId = rawId.toLowerCase();
  const { user, tenant, db } = await pageContext();
  const s = await statement(db, tenant.id, tenant.timeZone, affiliateId, period);
  const canRecord = user.role !== "viewer";
  const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
  const differs = s.totals.some((t) => t.difference !== "0.00" && s.payouts.length > 0);
  return (
    <article className="flex flex-col gap-5 print:gap-3 print:text-[11pt]" data-testid="statement">
      <LiveRefresh />
      <nav aria-label="Statement actions" className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href="/reports" className="text-sm text-orange-700 underline underline-offset-2 dark:text-orange-400">
          ← Reports
        </Link>
        <div className="flex gap-2">
          <a href={`/api/agreements/${affiliateId}/statements/${period}.csv`} download className={linkButtonClass}>
            Export CSV
          </a>
          <PrintButton />
        </div>
      </nav>
      <header className="flex flex-col gap-1 border-b border-zinc-200 pb-3 dark:border-zinc-800 print:border-black">
        <p className="text-xs tracking-wide text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
          {tenant.name} · Affiliate statement
        </p>
        <h1 className="text-2xl font-semibold">
          {s.label ?? "Unlabelled agreement"} — {monthName}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400 print:text-black">
          Agreement <code className="break-all">{s.affiliate_id}</code> · {s.from} to {s.to} ({s.time_zone})
        </p>
      </header>

      <section aria-labelledby="totals-heading" className="flex flex-col gap-2">
        <h2 id="totals-heading" className="text-lg font-semibold">
          Totals
        </h2>
        {s.totals.length === 0 ? (
          <p className="text-sm">No exchange executed under this agreement in {monthName}, and no payout was recorded.</p>
        ) : (
          <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label="Totals, as a table">
            <table className="w-full min-w-[32rem] text-sm print:min-w-0">
              <thead className="text-left text-xs text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
                <tr>
                  <th className="py-1 pr-3 font-medium">Currency</th>
                  <th className="py-1 pr-3 text-right font-medium">Exchanges</th>
                  <th className="py-1 pr-3 text-right font-medium">Fees</th>
                  <th className="py-1 pr-3 text-right font-medium">Earned</th>
                  <th className="py-1 pr-3 text-right font-medium">Received</th>
                  <th className="py-1 text-right font-medium">Difference</th>
                </tr>
              </thead>
              <tbody>
                {s.totals.map((t) => (
                  <tr key={t.currency} data-total={t.currency} className="border-t border-zinc-200 dark:border-zinc-800">
                    <td className="py-1 pr-3">{t.currency.toUpperCase()}</td>
                    <td className="py-1 pr-3 text-right">{t.count}</td>
                    <td className="py-1 pr-3 text-right">{formatFiat(Number(t.fees), t.currency)}</td>
                    <td className="py-1 pr-3 text-right font-medium" data-testid={`earned-${t.currency}`}>
                      {formatFiat(Number(t.earned), t.currency)}
                    </td>
                    <td className="py-1 pr-3 text-right">{formatFiat(Number(t.received), t.currency)}</td>
                    <td
                      className={`py-1 text-right font-medium ${t.difference === "0.00" ? "" : "text-red-700 dark:text-red-400"}`}
                      data-testid={`difference-${t.currency}`}
                    >
                      {formatFiat(Number(t.difference), t.currency)}
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
            What was received differs from what was earned. A negative difference is still owed by the service.
          </p>
        )}
      </section>

      <section aria-labelledby="lines-heading" className="flex flex-col gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          Exchanges
        </h2>
        {s.lines.length === 0 ? (
          <p className="text-sm">None.</p>
        ) : (
          <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-label="Exchanges, as a table">
            <table className="w-full min-w-[44rem] text-sm print:min-w-0 print:text-[9pt]">
              <thead className="text-left text-xs text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
                <tr>
                  <th className="py-1 pr-3 font-medium">Date</th>
                  <th className="py-1 pr-3 font-medium">Exchange</th>
                  <th className="py-1 pr-3 font-medium">Pair</th>
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 pr-3 text-right font-medium">Cost</th>
                  <th className="py-1 pr-3 text-right font-medium">Fee</th>
                  <th className="py-1 pr-3 text-right font-medium">Share</th>
                  <th className="py-1 text-right font-medium">Earning</th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l) => (
                  <tr
                    key={l.exchange_id}
                    data-line={l.exchange_id}
                    className="border-t border-zinc-200 break-inside-avoid dark:border-zinc-800"
                  >
                    <td className="py-1 pr-3 whitespace-nowrap">{dateIn(l.executed_at, s.time_zone)}</td>
                    <td className="py-1 pr-3 font-mono text-xs">
                      <Link href={`/exchanges/${l.exchange_id}`} className="print:no-underline">
                        {l.exchange_id.slice(0, 8)}
                      </Link>
                    </td>
                    <td className="py-1 pr-3">{l.pair.toUpperCase()}</td>
                    <td className="py-1 pr-3">{l.type}</td>
                    <td className="py-1 pr-3 text-right whitespace-nowrap">{formatFiat(Number(l.cost), l.currency)}</td>
                    <td className="py-1 pr-3 text-right whitespace-nowrap">{formatFiat(Number(l.fee), l.currency)}</td>
                    <td className="py-1 pr-3 text-right whitespace-nowrap">{l.share_percent === null ? "—" : `${l.share_percent} %`}</td>
                    <td className="py-1 text-right whitespace-nowrap">{formatFiat(Number(l.earning), l.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {!s.lines_complete && <p className="text-sm">The first {s.lines.length} exchanges are shown; the CSV has every one.</p>}
      </section>

      <section aria-labelledby="payouts-heading" className="flex flex-col gap-2">
        <h2 id="payouts-heading" className="text-lg font-semibold">
          Payouts received
        </h2>
        {s.payouts.length === 0 ? (
          <p className="text-sm">None recorded yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {s.payouts.map((p) => (
              <li key={p.id} data-payout={p.id} className="flex flex-wrap gap-x-3">
                <span>{p.received_on}</span>
                <span className="font-medium">{formatFiat(Number(p.amount), p.currency)}</span>
                <span className="break-all text-zinc-600 dark:text-zinc-400 print:text-black">{p.bank_reference}</span>
              </li>
            ))}
          </ul>
        )}
        {canRecord && (
          <div className="mt-2 print:hidden">
            <RecordPayoutForm
              affiliateId={affiliateId}
              period={period}
              currency={s.totals[0]?.currency ?? "eur"}
              today={todayIn(tenant.timeZone, serviceTime(tenant.baseUrl))}
            />
          </div>
        )}
      </section>
    </article>
  );
}
