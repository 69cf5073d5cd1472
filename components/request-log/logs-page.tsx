"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { linkButtonClass } from "@/components/ui/export-links";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { LiveRefresh } from "@/components/shell/live-refresh";
import { useShellUser } from "@/components/shell/session-context";
import type { RequestLogItem, RequestLogPage } from "@/lib/dashboard/contract/request-logs-api";
import { useMorePages, type Paging } from "@/lib/dashboard/client/use-more-pages";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { listFilters, type ListError } from "@/lib/dashboard/pages/list-page";
import { LogFilters } from "./log-filters";
import { StatusBadge } from "./status-badge";

const paging: Paging<RequestLogItem, RequestLogPage> = {
  param: "before",
  next: (page) => page.next_before,
  key: (row) => row.id,
  limit: 50,
};

const cell = "block px-3 py-0.5 sm:table-cell sm:py-2";

function LogRow({ row, everyClient }: { row: RequestLogItem; everyClient: boolean }) {
  const t = useTranslations("logs");
  const f = useFormat();
  return (
    <tr className="block py-2 sm:table-row sm:py-0" data-log-id={row.id}>
      <td className={`${cell} text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400`}>{f.dateTime(row.created_at)}</td>
      <td className={`${cell} min-w-0`}>
        <Link
          href={everyClient ? `/logs/${row.id}?scope=all` : `/logs/${row.id}`}
          className="font-mono text-sm inline-block max-w-full wrap-id text-orange-700 hover:underline dark:text-orange-400"
        >
          <span className="font-semibold">{row.method}</span> {row.path}
          {row.query ? <span className="text-zinc-500 dark:text-zinc-400">?{row.query}</span> : null}
        </Link>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <StatusBadge status={row.status} />
        {row.error_code && <code className="ml-2 font-mono text-xs wrap-anywhere">{row.error_code}</code>}
      </td>
      <td className={`${cell} text-xs whitespace-nowrap sm:text-right`}>{t("duration", { ms: row.duration_ms })}</td>
      <td className={`${cell} text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400`}>{t(`filters.sources.${row.source}`)}</td>
    </tr>
  );
}

/**
 * The tenant's request log, newest first: the first 50 rendered on the server for `shownFor` (the
 * API's query; or the API's error code for filters it refuses), the next ones by "Load more";
 * a call made while the page is open appears at the top (the live stream's `request_log`).
 */
export function LogsPage({
  first,
  shownFor,
  error,
  everyClient,
}: {
  first: RequestLogPage;
  shownFor: Record<string, string>;
  error: ListError | null;
  /** An operator's view of every client's sandbox calls (`scope=all`). */
  everyClient: boolean;
}) {
  const user = useShellUser();
  const t = useTranslations("logs");
  const { filters, setFilter, pending } = useUrlFilters("/logs", listFilters.logs, { server: true });
  const more = useMorePages(
    everyClient ? "/api/operator/request-logs" : "/api/request-logs",
    shownFor,
    first,
    async () => (await import("@/lib/dashboard/contract/request-logs-api")).requestLogPageSchema,
    paging,
  );
  const rows = more.items;
  const filtered = Object.keys(filters).length > 0;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {/* new rows: the first page again, at most every 400 ms */}
      <LiveRefresh on="requestLogs" />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <LogFilters filters={filters} setFilter={setFilter} operator={user.role === "operator"} />
      {filtered && (
        <div>
          <Link className={linkButtonClass} href="/logs">
            {t("clear")}
          </Link>
        </div>
      )}
      {error && <ErrorState code={error.code} fields={error.fields} />}
      {rows.length === 0 ? (
        <EmptyState title={filtered ? t("noMatch") : t("empty")} />
      ) : (
        <div
          aria-busy={pending || undefined}
          className="overflow-hidden rounded-lg border border-zinc-200 aria-busy:opacity-60 dark:border-zinc-800"
        >
          <table className="block w-full text-left text-sm sm:table">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="hidden bg-zinc-50 text-xs text-zinc-600 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="w-44 px-3 py-2 font-medium">{t("columns.time")}</th>
                <th className="px-3 py-2 font-medium">{t("columns.request")}</th>
                <th className="w-40 px-3 py-2 font-medium">{t("columns.status")}</th>
                <th className="w-20 px-3 py-2 text-right font-medium">{t("columns.duration")}</th>
                <th className="w-28 px-3 py-2 font-medium">{t("columns.source")}</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-zinc-200 sm:table-row-group dark:divide-zinc-800" data-testid="log-list">
              {rows.map((row) => (
                <LogRow key={row.id} row={row} everyClient={everyClient} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore more={more} />
    </div>
  );
}
