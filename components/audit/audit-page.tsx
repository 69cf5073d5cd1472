"use client";
import { Button } from "@/components/ui/button";
import { Select, TextInput } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useShellUser } from "@/components/shell/session-context";
import { useAudit } from "@/lib/client/event-queries";
import { formatDateTime } from "@/lib/client/format";

const FILTERS = ["action", "result", "user"] as const;
const AREAS = [
  ["orders.", "Orders"],
  ["challenges.", "Challenges"],
  ["exchanges.", "Exchanges and payouts"],
  ["payout_links.", "Payout links"],
  ["tenants.", "Tenants"],
  ["sandbox.", "Sandbox console"],
] as const;

/** Who changed what, when, and how it ended (admins: their company; operators: everything). */
export function AuditPage() {
  const user = useShellUser();
  const { filters, setFilter } = useUrlFilters("/audit", FILTERS);
  const { query, items } = useAudit(filters);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {user.role === "operator"
          ? "Every tenant's changes and the operator console's own."
          : "Every change made in your company's dashboard."}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Select aria-label="Area" value={filters.action ?? ""} onChange={(e) => setFilter("action", e.target.value)}>
          <option value="">Every action</option>
          {AREAS.map(([prefix, label]) => (
            <option key={prefix} value={prefix}>
              {label}
            </option>
          ))}
        </Select>
        <Select aria-label="Result" value={filters.result ?? ""} onChange={(e) => setFilter("result", e.target.value)}>
          <option value="">Any result</option>
          <option value="ok">Succeeded</option>
          <option value="failed">Failed</option>
        </Select>
        <TextInput
          aria-label="User"
          placeholder="User email"
          defaultValue={filters.user ?? ""}
          onBlur={(e) => setFilter("user", e.target.value.trim())}
          className="col-span-2 sm:col-span-1"
        />
      </div>
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.isPending ? (
        <LoadingRows rows={6} />
      ) : items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? "Nothing matches these filters" : "Nothing has been changed yet"} />
      ) : (
        <div className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-zinc-50 text-xs text-zinc-600 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2 font-medium">When</th>
                <th className="px-3 py-2 font-medium">Who</th>
                <th className="px-3 py-2 font-medium">Action</th>
                <th className="px-3 py-2 font-medium">Target</th>
                <th className="px-3 py-2 font-medium">Result</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {items.map((entry) => (
                <tr
                  key={entry.id}
                  data-audit-action={entry.action}
                  className="grid grid-cols-2 gap-1 bg-white px-3 py-2 sm:table-row sm:p-0 dark:bg-zinc-950"
                >
                  <td className="text-xs whitespace-nowrap sm:px-3 sm:py-2">{formatDateTime(entry.at)}</td>
                  <td className="text-right text-xs break-all sm:px-3 sm:py-2 sm:text-left sm:text-sm">{entry.user ?? "—"}</td>
                  <td className="font-mono text-xs sm:px-3 sm:py-2">{entry.action}</td>
                  <td className="col-span-2 font-mono text-xs break-all sm:px-3 sm:py-2">{entry.target ?? "—"}</td>
                  <td
                    className={
                      "col-start-2 row-start-2 text-right text-xs sm:px-3 sm:py-2 sm:text-left " +
                      (entry.result === "ok" ? "" : "font-medium text-red-700 dark:text-red-400")
                    }
                  >
                    {entry.result}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
