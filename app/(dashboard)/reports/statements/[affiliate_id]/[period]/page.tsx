import { Link } from "@/components/ui/app-link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { PrintButton } from "@/components/reports/print-button";
import { linkButtonClass } from "@/components/ui/export-links";
import { RecordPayoutForm } from "@/components/reports/record-payout-form";
import { StatementLines, StatementPayouts, StatementTotals } from "@/components/reports/statement-sections";
import { formatters } from "@/lib/dashboard/client/format";
import { pageContext } from "@/lib/dashboard/auth/page-context";
import { monthSchema } from "@/lib/dashboard/contract/reports-api";
import { serviceTime } from "@/lib/service-api/client";
import { statement } from "@/lib/dashboard/reports/statements";
import { todayIn } from "@/lib/dashboard/reports/periods";
import { titled } from "@/i18n/page-title";

export const generateMetadata = titled("statement");
export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A monthly statement of one agreement: printable (the shell and the forms are left off paper).
export default async function StatementPage({ params }: { params: Promise<{ affiliate_id: string; period: string }> }) {
  const { affiliate_id: rawId, period } = await params;
  if (!UUID.test(rawId) || !monthSchema.safeParse(period).success) notFound();
  const affiliateId = rawId.toLowerCase();
  const { user, tenant, db } = await pageContext();
  const s = await statement(db, tenant.id, tenant.timeZone, affiliateId, period);
  const canRecord = user.role !== "viewer";
  const [t, tc, locale] = await Promise.all([getTranslations("reports.statement"), getTranslations("common"), getLocale()]);
  const f = formatters(locale);
  const monthName = new Intl.DateTimeFormat(f.tag, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
  return (
    <article className="flex flex-col gap-5 print:gap-3 print:text-[11pt]" data-testid="statement">
      <LiveRefresh />
      <nav aria-label={t("actions")} className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href="/reports" className="text-sm text-orange-700 underline underline-offset-2 dark:text-orange-400">
          {t("back")}
        </Link>
        <div className="flex gap-2">
          <a href={`/api/agreements/${affiliateId}/statements/${period}.csv`} download className={linkButtonClass}>
            {tc("exportCsv")}
          </a>
          <PrintButton />
        </div>
      </nav>
      <header className="flex flex-col gap-1 border-b border-zinc-200 pb-3 dark:border-zinc-800 print:border-black">
        <p className="text-xs tracking-wide text-zinc-600 uppercase dark:text-zinc-400 print:text-black">
          {t("kicker", { tenant: tenant.name })}
        </p>
        <h1 className="text-2xl font-semibold">{t("heading", { label: s.label ?? t("unlabelled"), month: monthName })}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400 print:text-black">
          {t.rich("agreement", {
            id: s.affiliate_id,
            from: s.from,
            to: s.to,
            zone: s.time_zone,
            code: (chunks) => <code className="inline-block max-w-full wrap-id">{chunks}</code>,
          })}
        </p>
      </header>

      <StatementTotals statement={s} f={f} monthName={monthName} />
      <StatementLines statement={s} f={f} />
      <StatementPayouts
        statement={s}
        f={f}
        recordForm={
          canRecord && (
            <div className="mt-2 print:hidden">
              <RecordPayoutForm
                affiliateId={affiliateId}
                period={period}
                currency={s.totals[0]?.currency ?? "eur"}
                today={todayIn(tenant.timeZone, serviceTime(tenant.baseUrl))}
              />
            </div>
          )
        }
      />
    </article>
  );
}
