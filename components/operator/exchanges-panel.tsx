"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { useConsoleExchanges, useConsoleTenants } from "@/lib/client/console-queries";

const FILTERS = ["tenant_id", "state"] as const;

/** Exchanges of every tenant, with the tenant of each; an id opens it in the simulator while the sandbox runs. */
export function ExchangesPanel({ sandbox }: { sandbox: boolean }) {
  const t = useTranslations("operator.exchanges");
  const tc = useTranslations("common");
  const { filters, setFilter } = useUrlFilters("/operator", FILTERS);
  const tenants = useConsoleTenants();
  const { query, items } = useConsoleExchanges(filters);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2 sm:max-w-lg">
        <Select aria-label={t("tenant")} value={filters.tenant_id ?? ""} onChange={(e) => setFilter("tenant_id", e.target.value)}>
          <option value="">{t("allTenants")}</option>
          {tenants.data?.data.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </Select>
        <Select aria-label={t("state")} value={filters.state ?? ""} onChange={(e) => setFilter("state", e.target.value)}>
          <option value="">{t("allStates")}</option>
          {(["executed", "interrupted", "refunded", "settled"] as const).map((s) => (
            <option key={s} value={s}>
              {tc(`states.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
      {query.isPending ? (
        <LoadingRows rows={5} />
      ) : items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? t("noMatch") : t("empty")} />
      ) : (
        <ExchangeTable items={items} hrefOf={sandbox ? (id) => `/operator?tab=sandbox&exchange=${id}` : undefined} />
      )}
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? tc("loadingMore") : tc("loadMore")}
        </Button>
      )}
    </div>
  );
}
