"use client";
import { Link } from "@/components/ui/app-link";
import { useLocale, useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { linkButtonClass } from "@/components/ui/export-links";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useShellUser } from "@/components/shell/session-context";
import type { AuditPage as AuditEntries } from "@/lib/dashboard/contract/dashboard-api";
import { useMorePages, type Paging } from "@/lib/dashboard/client/use-more-pages";
import { listFilters } from "@/lib/dashboard/pages/list-page";
import { AuditEntryRow } from "./audit-entry";
import { AuditFilters } from "./audit-filters";

const paging: Paging<AuditEntries["data"][number], AuditEntries> = {
  param: "before",
  next: (page) => page.next_before,
  key: (entry) => entry.id,
  limit: 50,
};

/**
 * Who changed what, when, and how it ended (admins: their company; operators: everything), each
 * entry a sentence in the page's language: the first 50 rendered on the server for `shownFor` (or
 * the API's error code for filters it refuses), the next ones asked for by "Load more".
 */
export function AuditPage({ first, shownFor, error }: { first: AuditEntries; shownFor: Record<string, string>; error: string | null }) {
  const t = useTranslations("audit");
  const locale = useLocale();
  const user = useShellUser();
  const { filters, setFilter, pending } = useUrlFilters("/audit", listFilters.audit, { server: true });
  const more = useMorePages(
    "/api/audit",
    shownFor,
    first,
    async () => (await import("@/lib/dashboard/contract/dashboard-api")).auditPageSchema,
    paging,
  );
  const items = more.items;
  const exportQuery = new URLSearchParams({ ...shownFor, locale }).toString();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{user.role === "operator" ? t("introOperator") : t("intro")}</p>
      <AuditFilters filters={filters} setFilter={setFilter} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium" data-testid="audit-count" aria-live="polite">
          {first.total
            ? first.total.more
              ? t("countMore", { count: first.total.count })
              : t("count", { count: first.total.count })
            : null}
        </p>
        <div className="flex flex-wrap gap-2">
          {Object.keys(filters).length > 0 && (
            <Link className={linkButtonClass} href="/audit">
              {t("clear")}
            </Link>
          )}
          <a className={linkButtonClass} href={`/api/audit/export.csv?${exportQuery}`} download aria-label={t("exportCsvLabel")}>
            {t("exportCsv")}
          </a>
        </div>
      </div>
      {error && <ErrorState code={error} />}
      {items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? t("noMatch") : t("empty")} />
      ) : (
        <div
          aria-busy={pending || undefined}
          className="overflow-hidden rounded-lg border border-zinc-200 aria-busy:opacity-60 dark:border-zinc-800"
        >
          <table className="block w-full text-left text-sm sm:table">
            <thead className="hidden bg-zinc-50 text-xs text-zinc-600 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="w-48 px-3 py-2 font-medium">{t("when")}</th>
                <th className="px-3 py-2 font-medium">{t("entry")}</th>
                <th className="w-32 px-3 py-2 text-right font-medium">{t("outcome")}</th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-zinc-200 sm:table-row-group dark:divide-zinc-800" data-testid="audit-list">
              {items.map((entry) => (
                <AuditEntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore more={more} />
    </div>
  );
}
