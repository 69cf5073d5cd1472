import { useTranslations } from "next-intl";

// Download links for a list or report, carrying its active filters (server or client rendered).

export const linkButtonClass =
  "inline-flex items-center justify-center rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm font-medium text-zinc-900 " +
  "hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 dark:border-zinc-700 " +
  "dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

/** `path` without its extension: `/api/exchanges/export` gives `.csv` and `.jsonl` links. */
export function ExportLinks({ path, filters, what }: { path: string; filters: Record<string, string>; what: string }) {
  const t = useTranslations("common");
  const query = new URLSearchParams(filters).toString();
  const suffix = query ? `?${query}` : "";
  return (
    <div className="flex gap-2" data-testid="export-links">
      <a className={linkButtonClass} href={`${path}.csv${suffix}`} download aria-label={t("exportCsvOf", { what })}>
        {t("exportCsv")}
      </a>
      <a className={linkButtonClass} href={`${path}.jsonl${suffix}`} download aria-label={t("jsonLinesOf", { what })}>
        {t("jsonLines")}
      </a>
    </div>
  );
}
