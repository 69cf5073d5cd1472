"use client";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { useConsoleExchanges, useConsoleTenants } from "@/lib/client/console-queries";

const FILTERS = ["tenant_id", "state"] as const;

/** Exchanges of every tenant, with the tenant of each; an id opens it in the simulator while the sandbox runs. */
export function ExchangesPanel({ sandbox }: { sandbox: boolean }) {
  const { filters, setFilter } = useUrlFilters("/operator", FILTERS);
  const tenants = useConsoleTenants();
  const { query, items } = useConsoleExchanges(filters);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2 sm:max-w-lg">
        <Select aria-label="Tenant" value={filters.tenant_id ?? ""} onChange={(e) => setFilter("tenant_id", e.target.value)}>
          <option value="">All tenants</option>
          {tenants.data?.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
        <Select aria-label="State" value={filters.state ?? ""} onChange={(e) => setFilter("state", e.target.value)}>
          <option value="">All states</option>
          {["executed", "interrupted", "refunded", "settled"].map((s) => (
            <option key={s} value={s} className="capitalize">
              {s}
            </option>
          ))}
        </Select>
      </div>
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.isPending ? (
        <LoadingRows rows={5} />
      ) : items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? "No exchanges match these filters" : "No exchanges yet"} />
      ) : (
        <ExchangeTable items={items} hrefOf={sandbox ? (id) => `/operator?tab=sandbox&exchange=${id}` : undefined} />
      )}
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}
