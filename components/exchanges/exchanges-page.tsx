"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Select, TextInput, inputClass } from "@/components/ui/field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiClientError, apiFetch } from "@/lib/dashboard/client/api";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExportLinks } from "@/components/ui/export-links";
import type { ExchangePage } from "@/lib/dashboard/contract/dashboard-api";
import { byCursor, useMorePages } from "@/lib/dashboard/client/use-more-pages";
import { listFilters, type ListError } from "@/lib/dashboard/pages/list-page";
import { ExchangeTable } from "./exchange-table";
import { ExchangeStateSelect } from "./exchange-state-select";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ListTotal, SortSelect, shownSort } from "@/components/ui/list-sort";
import { SavedViews } from "@/components/ui/saved-views";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Lookup() {
  const t = useTranslations("exchanges.lookup");
  const router = useRouter();
  const [value, setValue] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="flex flex-1 flex-wrap items-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const id = value.trim().toLowerCase();
        if (!UUID.test(id)) return setMessage(t("notUuid"));
        setMessage(t("looking"));
        for (const kind of ["exchanges", "orders"] as const) {
          try {
            await apiFetch(`/api/${kind}/${id}`, z.unknown());
            return router.push(`/${kind}/${id}`);
          } catch (error) {
            if (!(error instanceof ApiClientError && error.status === 404)) return setMessage(t("failed"));
          }
        }
        setMessage(t("notFound"));
      }}
    >
      <label htmlFor="lookup" className="sr-only">
        {t("label")}
      </label>
      <TextInput
        id="lookup"
        placeholder={t("placeholder")}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="min-w-64 flex-1"
      />
      <Button type="submit" variant="secondary">
        {t("submit")}
      </Button>
      {message && (
        <p role="status" className="w-full text-sm text-zinc-600 dark:text-zinc-400">
          {message}
        </p>
      )}
    </form>
  );
}

/**
 * The tenant's exchanges, newest first unless sorted otherwise: the first page rendered on the
 * server for `shownFor` (filters, range and sort, all in the address; or the API's error code for
 * those it refuses), the next ones asked for by "Load more".
 */
export function ExchangesPage({
  first,
  shownFor,
  error,
}: {
  first: ExchangePage;
  shownFor: Record<string, string>;
  error: ListError | null;
}) {
  const t = useTranslations("exchanges.list");
  const tc = useTranslations("common");
  // the sort's choices say what the columns' headers say (ExchangeTable)
  const th = useTranslations("exchanges.table");
  const { filters, setFilter, setFilters, pending } = useUrlFilters("/exchanges", listFilters.exchanges, { server: true });
  const sort = shownSort(filters.sort, sortColumns.exchanges);
  const onSort = (value: string) => setFilter("sort", value === "-created" ? "" : value);
  const labels = { created: th("date"), executed: th("executed"), amount: th("amount"), state: th("state") };
  const more = useMorePages(
    "/api/exchanges",
    shownFor,
    first,
    async () => (await import("@/lib/dashboard/contract/dashboard-api")).exchangePageSchema,
    byCursor,
  );
  const items = more.items;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Lookup />
          <ExportLinks path="/api/exchanges/export" filters={filters} what={t("exportWhat")} />
          <SavedViews list="exchanges" basePath="/exchanges" query={new URLSearchParams(filters).toString()} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={filters.attention === "1"}
          onChange={(e) => setFilter("attention", e.target.checked ? "1" : "")}
          className="h-4 w-4 accent-orange-600"
        />
        {t("attentionOnly")}
      </label>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <ExchangeStateSelect
          label={t("state")}
          allStates={t("allStates")}
          value={filters.state ?? ""}
          onChange={(state) => setFilter("state", state)}
        />
        <Select aria-label={t("pair")} value={filters.pair ?? ""} onChange={(e) => setFilter("pair", e.target.value)}>
          <option value="">{t("allPairs")}</option>
          {["btc/eur", "btc/chf", "btc/gbp"].map((p) => (
            <option key={p} value={p}>
              {p.toUpperCase()}
            </option>
          ))}
        </Select>
        <Select aria-label={t("type")} value={filters.type ?? ""} onChange={(e) => setFilter("type", e.target.value)}>
          <option value="">{t("buyAndSell")}</option>
          <option value="buy">{tc("buy")}</option>
          <option value="sell">{tc("sell")}</option>
        </Select>
        <input
          aria-label={t("orderId")}
          placeholder={t("orderId")}
          defaultValue={filters.order_id ?? ""}
          onBlur={(e) => setFilter("order_id", UUID.test(e.target.value.trim()) ? e.target.value.trim() : "")}
          className={inputClass}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangeFilter value={filters} onChange={setFilters} />
        <SortSelect columns={sortColumns.exchanges} labels={labels} sort={sort} onSort={onSort} className="sm:hidden" />
      </div>
      {error && <ErrorState code={error.code} fields={error.fields} />}
      {!error && <ListTotal total={first.total} exact={first.total_exact} />}
      {items.length === 0 ? (
        <EmptyState title={filters.attention ? t("nothingNeedsAttention") : Object.keys(filters).length ? t("noMatch") : t("empty")}>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("emptyBody")}</p>
        </EmptyState>
      ) : (
        <ExchangeTable items={items} busy={pending} sorting={{ sort, onSort }} />
      )}
      <LoadMore more={more} />
    </div>
  );
}
