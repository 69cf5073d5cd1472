"use client";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { Select } from "@/components/ui/field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExchangeTable } from "@/components/exchanges/exchange-table";
import { ExchangeStateSelect } from "@/components/exchanges/exchange-state-select";
import { byCursor, useMorePages } from "@/lib/dashboard/client/use-more-pages";
import type { ConsoleExchangePage, ConsoleTenant } from "@/lib/dashboard/contract/console-api";
import { listFilters } from "@/lib/dashboard/pages/list-page";

/**
 * Exchanges of every tenant, with the tenant of each (the first page rendered on the server for
 * `shownFor`, or the API's error code for filters it refuses; the next ones by "Load more"); an
 * id opens it in the simulator while the sandbox runs.
 */
export function ExchangesPanel({
  sandbox,
  tenants,
  first,
  shownFor,
  error,
}: {
  sandbox: boolean;
  tenants: ConsoleTenant[];
  first: ConsoleExchangePage;
  shownFor: Record<string, string>;
  error: string | null;
}) {
  const t = useTranslations("operator.exchanges");
  const { filters, setFilter, pending } = useUrlFilters("/operator", listFilters.console, { server: true });
  const more = useMorePages(
    "/api/operator/exchanges",
    shownFor,
    first,
    async () => (await import("@/lib/dashboard/contract/console-api")).consoleExchangePageSchema,
    byCursor,
  );
  const items = more.items;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2 sm:max-w-lg">
        <Select aria-label={t("tenant")} value={filters.tenant_id ?? ""} onChange={(e) => setFilter("tenant_id", e.target.value)}>
          <option value="">{t("allTenants")}</option>
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </Select>
        <ExchangeStateSelect
          label={t("state")}
          allStates={t("allStates")}
          value={filters.state ?? ""}
          onChange={(state) => setFilter("state", state)}
        />
      </div>
      {error && <ErrorState code={error} />}
      {items.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? t("noMatch") : t("empty")} />
      ) : (
        <ExchangeTable items={items} busy={pending} hrefOf={sandbox ? (id) => `/operator?tab=sandbox&exchange=${id}` : undefined} />
      )}
      <LoadMore more={more} />
    </div>
  );
}
