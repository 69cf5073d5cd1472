"use client";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { Select, TextInput } from "@/components/ui/field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useShellUser } from "@/components/shell/session-context";
import type { AuditPage as AuditEntries } from "@/lib/dashboard/contract/dashboard-api";
import { useMorePages, type Paging } from "@/lib/dashboard/client/use-more-pages";
import { listFilters } from "@/lib/dashboard/pages/list-page";
import { useFormat } from "@/lib/dashboard/client/use-format";

const paging: Paging<AuditEntries["data"][number], AuditEntries> = {
  param: "before",
  next: (page) => page.next_before,
  key: (entry) => entry.id,
  limit: 50,
};
/** Each area's prefix of the audited actions, and its key in the catalogue's `audit.areas`. */
const AREAS = [
  ["orders.", "orders"],
  ["challenges.", "challenges"],
  ["exchanges.", "exchanges"],
  ["payout_links.", "payoutLinks"],
  ["tenants.", "tenants"],
  ["sandbox.", "sandbox"],
] as const;

/**
 * Who changed what, when, and how it ended (admins: their company; operators: everything): the
 * first 50 rendered on the server for `shownFor` (or the API's error code for filters it refuses),
 * the next ones asked for by "Load more".
 */
export function AuditPage({ first, shownFor, error }: { first: AuditEntries; shownFor: Record<string, string>; error: string | null }) {
  const t = useTranslations("audit");
  const f = useFormat();
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
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{user.role === "operator" ? t("introOperator") : t("intro")}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Select aria-label={t("area")} value={filters.action ?? ""} onChange={(e) => setFilter("action", e.target.value)}>
          <option value="">{t("everyAction")}</option>
          {AREAS.map(([prefix, key]) => (
            <option key={prefix} value={prefix}>
              {t(`areas.${key}`)}
            </option>
          ))}
        </Select>
        <Select aria-label={t("result")} value={filters.result ?? ""} onChange={(e) => setFilter("result", e.target.value)}>
          <option value="">{t("anyResult")}</option>
          <option value="ok">{t("succeeded")}</option>
          <option value="failed">{t("failedOption")}</option>
        </Select>
        <TextInput
          aria-label={t("user")}
          placeholder={t("userEmail")}
          defaultValue={filters.user ?? ""}
          onBlur={(e) => setFilter("user", e.target.value.trim())}
          className="col-span-2 sm:col-span-1"
        />
      </div>
      {error && <ErrorState code={error} />}
      {items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? t("noMatch") : t("empty")} />
      ) : (
        <div
          aria-busy={pending || undefined}
          className="overflow-hidden rounded-lg border border-zinc-200 aria-busy:opacity-60 dark:border-zinc-800"
        >
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-zinc-50 text-xs text-zinc-600 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2 font-medium">{t("when")}</th>
                <th className="px-3 py-2 font-medium">{t("who")}</th>
                <th className="px-3 py-2 font-medium">{t("action")}</th>
                <th className="px-3 py-2 font-medium">{t("target")}</th>
                <th className="px-3 py-2 font-medium">{t("result")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {items.map((entry) => (
                <tr
                  key={entry.id}
                  data-audit-action={entry.action}
                  className="grid grid-cols-2 gap-1 bg-white px-3 py-2 sm:table-row sm:p-0 dark:bg-zinc-950"
                >
                  <td className="text-xs whitespace-nowrap sm:px-3 sm:py-2">{f.dateTime(entry.at)}</td>
                  <td className="text-right text-xs wrap-anywhere sm:px-3 sm:py-2 sm:text-left sm:text-sm">
                    {entry.user ?? "—"}
                    {entry.api_key ? (
                      <span className="block font-mono text-xs text-slate-500">{t("viaKey", { key: entry.api_key })}</span>
                    ) : null}
                  </td>
                  <td className="font-mono text-xs sm:px-3 sm:py-2">{entry.action}</td>
                  <td className="col-span-2 font-mono text-xs wrap-anywhere sm:px-3 sm:py-2">{entry.target ?? "—"}</td>
                  <td
                    className={
                      "col-start-2 row-start-2 text-right text-xs sm:px-3 sm:py-2 sm:text-left " +
                      (entry.result === "ok" ? "" : "font-medium text-red-700 dark:text-red-400")
                    }
                  >
                    {entry.result === "ok" || entry.result === "failed" ? t(`results.${entry.result}`) : entry.result}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore more={more} />
    </div>
  );
}
