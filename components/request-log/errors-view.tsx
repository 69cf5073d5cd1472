import { Link } from "@/components/ui/app-link";
import { getFormatter, getTranslations } from "next-intl/server";
import { EmptyState } from "@/components/ui/states";
import type { RequestLogErrors } from "@/lib/dashboard/contract/request-logs-api";
import { errorWindows, requestLogSources } from "@/lib/dashboard/contract/request-logs-api";
import { SeenRange } from "./seen-range";
import { Sparkline } from "./sparkline";
import { StatusBadge } from "./status-badge";

const cell = "block px-3 py-0.5 sm:table-cell sm:py-2";

/**
 * Failed calls of 24 hours or 7 days grouped by error code and route, most frequent first: each
 * with its count, first and last seen, a sparkline per hour or day, the latest example and the
 * code's documentation.
 */
export async function ErrorsView({ errors, source }: { errors: RequestLogErrors; source: string | null }) {
  const t = await getTranslations("logs.errors");
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ErrorsSummary errors={errors} source={source} />
      {errors.groups.length === 0 ? (
        <EmptyState title={t("none")} />
      ) : (
        <div className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="block w-full text-left text-sm sm:table">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="hidden bg-zinc-50 text-xs text-zinc-600 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2 font-medium">{t("columns.error")}</th>
                <th className="w-20 px-3 py-2 text-right font-medium">{t("columns.count")}</th>
                <th className="px-3 py-2 font-medium">{t("columns.trend")}</th>
                <th className="px-3 py-2 font-medium">{t("columns.seen")}</th>
                <th className="px-3 py-2 font-medium">{t("columns.example")}</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-zinc-200 sm:table-row-group dark:divide-zinc-800" data-testid="error-groups">
              {errors.groups.map((group) => (
                <ErrorGroupRow key={`${group.error_code}:${group.method}:${group.route}`} group={group} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const pill =
  "rounded-md border border-zinc-300 px-3 py-1 text-sm whitespace-nowrap aria-[current=page]:border-orange-600 " +
  "aria-[current=page]:font-medium focus-visible:outline-2 focus-visible:outline-orange-500 dark:border-zinc-700";

/** The window's error rate, and the links to another source or window. */
async function ErrorsSummary({ errors, source }: { errors: RequestLogErrors; source: string | null }) {
  const t = await getTranslations("logs.errors");
  const ts = await getTranslations("logs.filters");
  const format = await getFormatter();
  const rate = errors.total === 0 ? null : errors.failed / errors.total;
  const link = (window: string, from: string | null) => `/logs/errors?window=${window}${from ? `&source=${from}` : ""}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm" data-testid="error-rate">
        {rate === null
          ? t("noCalls")
          : t("rate", {
              failed: errors.failed,
              total: errors.total,
              rate: format.number(rate, { style: "percent", maximumFractionDigits: 1 }),
            })}
      </p>
      <div className="flex flex-wrap gap-3">
        <nav aria-label={t("sourceLabel")} className="flex flex-wrap gap-1">
          {[null, ...requestLogSources].map((from) => (
            <Link key={from ?? "all"} href={link(errors.window, from)} aria-current={from === source ? "page" : undefined} className={pill}>
              {from ? ts(`sources.${from}`) : ts("anySource")}
            </Link>
          ))}
        </nav>
        <nav aria-label={t("window")} className="flex gap-1">
          {errorWindows.map((window) => (
            <Link key={window} href={link(window, source)} aria-current={window === errors.window ? "page" : undefined} className={pill}>
              {t(`windows.${window}`)}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}

/** One group: its status and code (linked to its documentation), route, count, trend, when seen and latest example. */
async function ErrorGroupRow({ group }: { group: RequestLogErrors["groups"][number] }) {
  const t = await getTranslations("logs.errors");
  return (
    <tr className="block py-2 sm:table-row sm:py-0" data-error-group={group.error_code ?? ""}>
      <td className={`${cell} min-w-0`}>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={group.status} />
          {group.error_code ? (
            <a
              href={`/docs/errors#${group.error_code}`}
              className="font-mono text-sm text-orange-700 hover:underline dark:text-orange-400"
              aria-label={t("docs", { code: group.error_code })}
            >
              {group.error_code}
            </a>
          ) : (
            <span className="text-sm">{t("noCode")}</span>
          )}
        </div>
        <code className="inline-block w-full font-mono text-xs wrap-id text-zinc-600 dark:text-zinc-400">
          {group.method} {group.route}
        </code>
      </td>
      <td className={`${cell} font-medium sm:text-right`}>{t("count", { count: group.count })}</td>
      <td className={cell}>
        {/* on a phone the table's headings are hidden: the bars say what they are beside them */}
        <div className="flex items-center gap-2">
          <span className="text-xs text-zinc-600 sm:hidden dark:text-zinc-400" aria-hidden="true">
            {t("columns.trend")}
          </span>
          <Sparkline counts={group.buckets} label={t("trend", { counts: group.buckets.join(", ") })} />
        </div>
      </td>
      <td className={`${cell} text-xs text-zinc-600 dark:text-zinc-400`}>
        <SeenRange first={group.first_seen} last={group.last_seen} />
      </td>
      <td className={cell}>
        <Link href={`/logs/${group.latest_id}`} className="text-sm text-orange-700 hover:underline dark:text-orange-400">
          {t("latest")}
        </Link>
      </td>
    </tr>
  );
}
