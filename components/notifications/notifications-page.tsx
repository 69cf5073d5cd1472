"use client";
import { Link } from "@/components/ui/app-link";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { EmptyState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { useLiveSignals } from "@/lib/dashboard/client/live-notices";
import { byCursor, useMorePages } from "@/lib/dashboard/client/use-more-pages";
import {
  notificationCategories,
  notificationChannels,
  preferencesSchema,
  unreadCountSchema,
  type Notification,
  type NotificationList,
  type Preferences,
} from "@/lib/dashboard/contract/notifications-api";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ListTotal, SortSelect, shownSort } from "@/components/ui/list-sort";
import { SavedViews } from "@/components/ui/saved-views";
import { ErrorState } from "@/components/ui/states";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { sortColumns } from "@/lib/dashboard/contract/lists-api";
import { listFilters, type ListError } from "@/lib/dashboard/pages/list-page";

const PAGE = 50;

function Item({ item, onRead }: { item: Notification; onRead: (id: string) => void }) {
  const t = useTranslations("notifications");
  const f = useFormat();
  const unread = item.read_at === null;
  return (
    <li data-notification={item.kind} data-unread={unread} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3 text-sm">
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? "bg-orange-600" : "bg-transparent"}`} />
      <div className="min-w-0 flex-1">
        <p className={`break-words ${unread ? "font-medium" : ""}`}>
          {unread && <span className="sr-only">{t("unread")}: </span>}
          {t(`kinds.${item.kind}`, item.params)}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t(`categories.${item.category}`)} · {f.dateTime(item.created_at)}
        </p>
      </div>
      <div className="flex gap-1">
        <Link
          href={item.link}
          className="rounded-md px-2.5 py-1 text-xs text-orange-700 underline dark:text-orange-400"
          onClick={() => unread && onRead(item.id)}
        >
          {t("open")}
        </Link>
        {unread && (
          <Button size="sm" variant="secondary" onClick={() => onRead(item.id)}>
            {t("markRead")}
          </Button>
        )}
      </div>
    </li>
  );
}

function PreferencesCard({ initial }: { initial: Preferences }) {
  const t = useTranslations("notifications");
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("preferences.title")} labelId="notification-preferences">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("preferences.intro")}</p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const preferences = Object.fromEntries(notificationCategories.map((c) => [c, String(data.get(c))]));
          setSaved(false);
          void run(async () => {
            await apiFetch("/api/account/notifications", preferencesSchema, { method: "PUT", body: { preferences } });
            setSaved(true);
          });
        }}
      >
        {notificationCategories.map((category) => (
          <div key={category} className="grid items-center gap-1 sm:grid-cols-[1fr_14rem] sm:gap-3">
            <label htmlFor={`channel-${category}`} className="text-sm">
              {t(`categories.${category}`)}
            </label>
            <Select id={`channel-${category}`} name={category} defaultValue={initial.preferences[category]}>
              {notificationChannels.map((channel) => (
                <option key={channel} value={channel}>
                  {t(`channels.${channel}`)}
                </option>
              ))}
            </Select>
          </div>
        ))}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t("preferences.save")}
          </Button>
          {saved && (
            <span role="status" className="text-sm text-green-700 dark:text-green-400">
              {t("preferences.saved")}
            </span>
          )}
        </div>
        <FormError message={error} />
      </form>
    </Card>
  );
}

/**
 * The list as the server rendered it, longer by "Load more": drawn again on a live notice and
 * after marking read. Rows loaded beyond the first page show their new state at once.
 */
function useNotificationList(first: NotificationList, filters: Record<string, string>) {
  const router = useRouter();
  const { error, run } = useSubmit();
  const more = useMorePages(
    "/api/notifications",
    filters,
    first,
    async () => (await import("@/lib/dashboard/contract/notifications-api")).notificationListSchema,
    { ...byCursor, limit: PAGE },
  );
  const [readNow, setReadNow] = useState<{ ids: ReadonlySet<string> | "all"; at: string } | null>(null);
  useLiveSignals((signal) => {
    if (signal.kind === "notification" || signal.kind === "reconnected") router.refresh();
  });
  const markRead = (body: { ids: string[] } | { all: true }) =>
    run(async () => {
      await apiFetch("/api/notifications/read", unreadCountSchema, { method: "POST", body });
      setReadNow({ ids: "all" in body ? "all" : new Set(body.ids), at: new Date().toISOString() });
      router.refresh();
    });
  const shownRead = (n: Notification) =>
    n.read_at === null && readNow && (readNow.ids === "all" || readNow.ids.has(n.id)) ? { ...n, read_at: readNow.at } : n;
  return { list: { ...first, data: more.items.map(shownRead) }, more, error, markRead };
}

/** "All" and "Unread (n)": the list's two views, each keeping the other filters. */
function ShowNav({ filters, unread }: { filters: Record<string, string>; unread: number }) {
  const t = useTranslations("notifications");
  const unreadOnly = filters.unread === "1";
  const others = new URLSearchParams(Object.entries(filters).filter(([key]) => key !== "unread"));
  const withOthers = (onlyUnread: boolean) => {
    const query = new URLSearchParams(others);
    if (onlyUnread) query.set("unread", "1");
    return query.size ? `/notifications?${query}` : "/notifications";
  };
  return (
    <nav aria-label={t("show")} className="flex gap-1 text-sm">
      <Link
        href={withOthers(false)}
        aria-current={unreadOnly ? undefined : "page"}
        className="rounded-md px-2 py-1 aria-[current=page]:bg-zinc-100 dark:aria-[current=page]:bg-zinc-800"
      >
        {t("all")}
      </Link>
      <Link
        href={withOthers(true)}
        aria-current={unreadOnly ? "page" : undefined}
        className="rounded-md px-2 py-1 aria-[current=page]:bg-zinc-100 dark:aria-[current=page]:bg-zinc-800"
      >
        {t("unread")} ({unread})
      </Link>
    </nav>
  );
}

/** /notifications: what the user was told, newest first, marked read one by one or all at once; and how they hear of each kind. */
export function NotificationsPage({
  first,
  preferences,
  filters,
  error: refused,
}: {
  first: NotificationList;
  preferences: Preferences;
  /** The list's filters, range and sort as the address holds them. */
  filters: Record<string, string>;
  error: ListError | null;
}) {
  const t = useTranslations("notifications");
  const { list, more, error, markRead } = useNotificationList(first, filters);
  const unreadOnly = filters.unread === "1";
  const ts = useTranslations("lists.sort.columns");
  const url = useUrlFilters("/notifications", listFilters.notifications, { server: true });
  const sort = shownSort(url.filters.sort, sortColumns.notifications);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <SavedViews list="notifications" basePath="/notifications" query={new URLSearchParams(filters).toString()} />
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangeFilter value={url.filters} onChange={url.setFilters} />
        <SortSelect
          columns={sortColumns.notifications}
          labels={{ created: ts("created") }}
          sort={sort}
          onSort={(value) => url.setFilter("sort", value === "-created" ? "" : value)}
        />
      </div>
      <Card
        labelId="notification-list"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ShowNav filters={filters} unread={list.unread} />
            <Button size="sm" variant="secondary" disabled={list.unread === 0} onClick={() => void markRead({ all: true })}>
              {t("markAllRead")}
            </Button>
          </div>
        }
      >
        {refused && <ErrorState code={refused.code} fields={refused.fields} />}
        {!refused && <ListTotal total={list.total} exact={list.total_exact} className="mb-2" />}
        {list.data.length === 0 ? (
          <EmptyState title={unreadOnly ? t("emptyUnread") : t("empty")} />
        ) : (
          <ul aria-label={t("title")} className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.data.map((item) => (
              <Item key={item.id} item={item} onRead={(id) => void markRead({ ids: [id] })} />
            ))}
          </ul>
        )}
        {more.hasMore && (
          <Button variant="secondary" size="sm" className="mt-3" disabled={more.busy} onClick={() => void more.loadMore()}>
            {t("loadMore")}
          </Button>
        )}
        {more.error !== null && <ErrorState error={more.error} retry={() => void more.loadMore()} />}
        <FormError message={error} />
      </Card>
      <PreferencesCard initial={preferences} />
    </div>
  );
}
