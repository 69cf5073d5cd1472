"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, TextInput } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingRows } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { useShellUser } from "@/components/shell/session-context";
import { useWebhookEvents } from "@/lib/client/event-queries";
import { EventRow } from "./event-row";
import { RejectedList } from "./rejected-list";
import { WebhookHealth } from "./webhook-health";

const FILTERS = ["result", "type", "exchange_id", "from", "to"] as const;
const TYPES = ["exchange.executed", "exchange.interrupted", "exchange.refunded", "exchange.settled"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every webhook the dashboard received for the tenant, newest first, and those it refused. */
export function EventsPage() {
  const t = useTranslations("events.page");
  const tc = useTranslations("common");
  const user = useShellUser();
  const { filters, setFilter } = useUrlFilters("/events", FILTERS);
  const { result = "", ...eventFilters } = filters;
  const { query, items } = useWebhookEvents(eventFilters);
  const [badId, setBadId] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <WebhookHealth />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
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
        {(["from", "to"] as const).map((key) => (
          <label key={key} className="flex min-w-0 items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
            <span className="shrink-0">{t(key)}</span>
            <TextInput className="min-w-0" type="date" value={filters[key] ?? ""} onChange={(e) => setFilter(key, e.target.value)} />
          </label>
        ))}
      </div>
      {result !== "rejected" && (
        <Card title={t("received")} labelId="events-received">
          {query.isError && <ErrorState error={query.error} retry={() => void query.refetch()} />}
          {query.isPending ? (
            <LoadingRows rows={4} />
          ) : items.length === 0 ? (
            <EmptyState title={Object.keys(eventFilters).length ? t("noMatch") : t("empty")}>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("emptyBody")}</p>
            </EmptyState>
          ) : (
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {items.map((event) => (
                <EventRow key={event.seq} event={event} />
              ))}
            </ul>
          )}
          {query.hasNextPage && (
            <Button variant="secondary" className="mt-2" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? tc("loadingMore") : tc("loadMore")}
            </Button>
          )}
        </Card>
      )}
      {result !== "valid" && (
        <Card title={t("rejectedWeek")} labelId="events-rejected">
          <RejectedList allowed={user.role !== "viewer"} />
        </Card>
      )}
    </div>
  );
}
