"use client";
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { LoadMore } from "@/components/ui/load-more";
import { Card } from "@/components/ui/card";
import { Select, TextInput } from "@/components/ui/field";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import type { WebhookEventPage } from "@/lib/dashboard/contract/events-api";
import { useMorePages, type Paging } from "@/lib/dashboard/client/use-more-pages";
import { listFilters, type ListError } from "@/lib/dashboard/pages/list-page";
import { EventRow } from "./event-row";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ListTotal, SortSelect, shownSort } from "@/components/ui/list-sort";
import { SavedViews } from "@/components/ui/saved-views";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";

const newestFirst: Paging<WebhookEventPage["data"][number], WebhookEventPage> = {
  param: "before",
  next: (page) => page.next_before,
  key: (event) => event.seq,
};
const oldestFirst: typeof newestFirst = { ...newestFirst, param: "after", next: (page) => page.next_after };
const TYPES = ["exchange.executed", "exchange.interrupted", "exchange.refunded", "exchange.settled"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's filters by result, type and exchange id (an id that is none is said so, not sent). */
function EventFilters({ filters, setFilter }: { filters: Record<string, string>; setFilter: (key: string, value: string) => void }) {
  const t = useTranslations("events.page");
  const [badId, setBadId] = useState(false);
  const result = filters.result ?? "";
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <Select aria-label={t("result")} value={result} onChange={(e) => setFilter("result", e.target.value)}>
        <option value="">{t("both")}</option>
        <option value="valid">{t("valid")}</option>
        <option value="rejected">{t("rejected")}</option>
      </Select>
      <Select aria-label={t("type")} value={filters.type ?? ""} onChange={(e) => setFilter("type", e.target.value)}>
        <option value="">{t("everyType")}</option>
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </Select>
      <div className="col-span-2 sm:col-span-1">
        <TextInput
          aria-label={t("exchangeId")}
          id="exchange-id-filter"
          invalid={badId}
          placeholder={t("exchangeId")}
          defaultValue={filters.exchange_id ?? ""}
          onBlur={(e) => {
            const id = e.target.value.trim();
            setBadId(id !== "" && !UUID.test(id));
            setFilter("exchange_id", UUID.test(id) ? id : "");
          }}
        />
        {badId && (
          <p id="exchange-id-filter-error" className="mt-1 text-xs text-red-700 dark:text-red-400">
            {t("badId")}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * Every webhook the dashboard received for the tenant, newest first (the first page rendered on
 * the server for `shownFor`, or the API's error code for filters it refuses; the next ones by
 * "Load more"), and those it refused. `health` and `rejected` come rendered from the server.
 */
export function EventsPage({
  first,
  shownFor,
  error,
  health,
  rejected,
}: {
  first: WebhookEventPage;
  shownFor: Record<string, string>;
  error: ListError | null;
  health: ReactNode;
  rejected: ReactNode;
}) {
  const t = useTranslations("events.page");
  const ts = useTranslations("lists.sort.columns");
  const { filters, setFilter, setFilters, pending } = useUrlFilters("/events", listFilters.events, { server: true });
  const sort = shownSort(filters.sort, sortColumns.events);
  const { result = "", ...eventFilters } = filters;
  const { result: _shownResult, ...shownEventFilters } = shownFor;
  const more = useMorePages(
    "/api/webhook-events",
    shownEventFilters,
    first,
    async () => (await import("@/lib/dashboard/contract/events-api")).webhookEventPageSchema,
    sort.descending ? newestFirst : oldestFirst,
  );
  const items = more.items;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <SavedViews list="events" basePath="/events" query={new URLSearchParams(filters).toString()} />
      </div>
      {health}
      <EventFilters filters={filters} setFilter={setFilter} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangeFilter value={filters} onChange={setFilters} />
        <SortSelect
          columns={sortColumns.events}
          labels={{ created: ts("received") }}
          sort={sort}
          onSort={(value) => setFilter("sort", value === "-created" ? "" : value)}
        />
      </div>
      {result !== "rejected" && (
        <Card title={t("received")} labelId="events-received">
          {error && <ErrorState code={error.code} fields={error.fields} />}
          {!error && <ListTotal total={first.total} exact={first.total_exact} className="mb-2" />}
          {items.length === 0 ? (
            <EmptyState title={Object.keys(eventFilters).length ? t("noMatch") : t("empty")}>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("emptyBody")}</p>
            </EmptyState>
          ) : (
            <ul aria-busy={pending || undefined} className="divide-y divide-zinc-200 aria-busy:opacity-60 dark:divide-zinc-800">
              {items.map((event) => (
                <EventRow key={event.seq} event={event} />
              ))}
            </ul>
          )}
          <LoadMore more={more} className="mt-2" />
        </Card>
      )}
      {result !== "valid" && (
        <Card title={t("rejectedWeek")} labelId="events-rejected">
          {rejected}
        </Card>
      )}
    </div>
  );
}
