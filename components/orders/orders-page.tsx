"use client";
import { Link } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { Select } from "@/components/ui/field";
import { StateBadge } from "@/components/ui/state-badge";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useCanMutate } from "@/components/shell/session-context";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { ExportLinks } from "@/components/ui/export-links";
import type { OrderPage } from "@/lib/dashboard/contract/dashboard-api";
import { byCursor, useMorePages } from "@/lib/dashboard/client/use-more-pages";
import { listFilters, type ListError } from "@/lib/dashboard/pages/list-page";
import { shortId } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ListTotal, SortSelect, shownSort } from "@/components/ui/list-sort";
import { SavedViews } from "@/components/ui/saved-views";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";

/**
 * The tenant's orders, newest first unless sorted otherwise: the first page rendered on the
 * server for `shownFor` (filters, range and sort, all in the address; or the API's error code for
 * those it refuses), the next ones asked for by "Load more".
 */
export function OrdersPage({ first, shownFor, error }: { first: OrderPage; shownFor: Record<string, string>; error: ListError | null }) {
  const t = useTranslations("orders.list");
  const tc = useTranslations("common");
  const f = useFormat();
  const canMutate = useCanMutate();
  const ts = useTranslations("lists.sort.columns");
  const { filters, setFilter, setFilters, pending } = useUrlFilters("/orders", listFilters.orders, { server: true });
  const sort = shownSort(filters.sort, sortColumns.orders);
  const onSort = (value: string) => setFilter("sort", value === "-created" ? "" : value);
  const more = useMorePages(
    "/api/orders",
    shownFor,
    first,
    async () => (await import("@/lib/dashboard/contract/dashboard-api")).orderPageSchema,
    byCursor,
  );
  const orders = more.items;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportLinks path="/api/orders/export" filters={filters} what={t("exportWhat")} />
          <SavedViews list="orders" basePath="/orders" query={new URLSearchParams(filters).toString()} />
          {canMutate && (
            <Link
              href="/orders/new"
              className={
                "rounded-md bg-orange-700 px-4 py-2 text-sm font-medium text-white hover:bg-orange-800 " +
                "focus-visible:outline-2 focus-visible:outline-orange-500"
              }
            >
              {t("new")}
            </Link>
          )}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Select aria-label={t("status")} value={filters.active ?? ""} onChange={(e) => setFilter("active", e.target.value)}>
          <option value="">{t("activeAndInactive")}</option>
          <option value="true">{tc("states.active")}</option>
          <option value="false">{tc("states.inactive")}</option>
        </Select>
        <Select aria-label={tc("currency")} value={filters.currency ?? ""} onChange={(e) => setFilter("currency", e.target.value)}>
          <option value="">{t("allCurrencies")}</option>
          <option value="eur">EUR</option>
          <option value="chf">CHF</option>
          <option value="gbp">GBP</option>
        </Select>
        <Select aria-label={t("payoutKind")} value={filters.payout_kind ?? ""} onChange={(e) => setFilter("payout_kind", e.target.value)}>
          <option value="">{t("bothKinds")}</option>
          <option value="coin">{t("onChain")}</option>
          <option value="lightning">{t("lightning")}</option>
        </Select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangeFilter value={filters} onChange={setFilters} />
        <SortSelect columns={sortColumns.orders} labels={{ created: ts("created"), state: ts("state") }} sort={sort} onSort={onSort} />
      </div>
      {error && <ErrorState code={error.code} fields={error.fields} />}
      {!error && <ListTotal total={first.total} exact={first.total_exact} />}
      {orders.length === 0 ? (
        <EmptyState title={Object.keys(filters).length ? t("noMatch") : t("empty")}>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("emptyBody")}</p>
          {canMutate && (
            <Link href="/orders/new" className="text-sm font-medium text-orange-700 hover:underline dark:text-orange-400">
              {t("createFirst")}
            </Link>
          )}
        </EmptyState>
      ) : (
        <ul
          aria-busy={pending || undefined}
          className={
            "divide-y aria-busy:opacity-60 divide-zinc-200 rounded-lg border border-zinc-200 bg-white " +
            "dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-950"
          }
        >
          {orders.map((order) => {
            const lightning = "node_pubkey" in order.payout_method;
            return (
              <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm" data-order-id={order.id}>
                <Link href={`/orders/${order.id}`} className="font-mono text-orange-700 hover:underline dark:text-orange-400">
                  {shortId(order.id)}
                </Link>
                <StateBadge state={order.active ? "active" : "inactive"} />
                <span className="uppercase">{order.payment_method.currency}</span>
                <span>{lightning ? t("lightning") : t("onChain")}</span>
                <span className="text-zinc-500 dark:text-zinc-400">{t("fee", { rate: f.percent(order.fee_rate) })}</span>
                <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">{f.dateTime(order.created_on)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore more={more} />
    </div>
  );
}
