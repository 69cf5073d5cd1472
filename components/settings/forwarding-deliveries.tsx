"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ErrorState, FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { deliverySchema, type Delivery, type DeliveryList, type Endpoint } from "@/lib/dashboard/contract/forwarding-api";
import { sortColumns, viewParameters } from "@/lib/dashboard/contract/lists-api";
import type { ListError } from "@/lib/dashboard/pages/list-page";
import { Select } from "@/components/ui/field";
import { SavedViews } from "@/components/ui/saved-views";
import { useUrlFilters } from "@/components/ui/use-url-filters";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { useFailureText } from "./forwarding-failure";
import { ListTotal, SortSelect, shownSort } from "@/components/ui/list-sort";

// An endpoint's health and its delivery log: each attempt, a resend, recovery after an outage.

export function Health({ endpoint }: { endpoint: Endpoint }) {
  const t = useTranslations("settings.forwarding");
  const f = useFormat();
  const { health } = endpoint;
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("successRate")}</dt>
          <dd>{health.success_rate_24h === null ? "—" : f.share(health.success_rate_24h)}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("attempts24h")}</dt>
          <dd>{health.attempts_24h}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("lastSuccess")}</dt>
          <dd>{health.last_success_at ? f.dateTime(health.last_success_at) : t("never")}</dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-400">{t("waiting")}</dt>
          <dd>{health.pending}</dd>
        </div>
      </dl>
      {health.failing_since && (
        <p className="text-xs text-amber-800 dark:text-amber-300">{t("failingSince", { time: f.dateTime(health.failing_since) })}</p>
      )}
    </>
  );
}

function DeliveryRow({ delivery, onChange }: { delivery: Delivery; onChange: (d: Delivery) => void }) {
  const t = useTranslations("settings.forwarding");
  const f = useFormat();
  const { busy, error, run } = useSubmit();
  const failureText = useFailureText();
  const last = delivery.attempt_log.at(-1);
  return (
    <li
      className="flex flex-col gap-1 border-t border-zinc-200 py-2 text-sm first:border-t-0 dark:border-zinc-800"
      data-delivery={delivery.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={
            "rounded px-1.5 py-0.5 text-xs font-medium " +
            (delivery.status === "delivered"
              ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"
              : delivery.status === "failed"
                ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
                : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200")
          }
        >
          {t(`status.${delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status}`)}
        </span>
        <code className="font-mono text-xs">{delivery.event_type}</code>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{f.dateTime(delivery.created_at)}</span>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("attemptCount", { count: delivery.attempts })}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={t("resendLabel", { id: delivery.webhook_id })}
          onClick={() =>
            void run(async () =>
              onChange(await apiFetch(`/api/forwarding/deliveries/${delivery.id}/resend`, deliverySchema, { method: "POST" })),
            )
          }
        >
          {t("resend")}
        </Button>
      </div>
      {delivery.status !== "delivered" && delivery.last_error && (
        <p className="text-xs text-red-800 dark:text-red-300">{failureText(delivery.last_error)}</p>
      )}
      {delivery.next_attempt_at && <p className="text-xs">{t("nextAttempt", { time: f.dateTime(delivery.next_attempt_at) })}</p>}
      {delivery.attempt_log.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer">{t("attemptsOf", { id: delivery.webhook_id })}</summary>
          <ol className="mt-1 flex flex-col gap-1">
            {delivery.attempt_log.map((a) => (
              <li key={a.attempt} className="font-mono wrap-anywhere">
                #{a.attempt} {f.dateTime(a.started_at)} · {a.status_code ?? "—"} · {t("duration", { ms: a.duration_ms })}
                {a.error ? ` · ${failureText(a.error)}` : ""}
                {a.response_body ? <span className="block text-zinc-600 dark:text-zinc-400">{a.response_body.slice(0, 200)}</span> : null}
              </li>
            ))}
          </ol>
        </details>
      )}
      <FormError message={error} />
      {last === undefined && delivery.status === "pending" && <span className="sr-only">{t("waitingFirst")}</span>}
    </li>
  );
}

/** The settings page's address keys of the deliveries shown: whose (endpoint), then their filters, range and sort. */
const deliveryKeys = viewParameters.deliveries;
const statuses = ["pending", "delivered", "failed"] as const;

type Resent = { from: DeliveryList; rows: Record<string, Delivery> };
/** The deliveries sent again since `list` was rendered, `next` among them. */
const resentOne = (list: DeliveryList, shown: Resent | null, next: Delivery): Resent => ({
  from: list,
  rows: { ...(shown?.from === list ? shown.rows : {}), [next.id]: next },
});

/** An endpoint's delivery log as the settings page rendered it from its address, or why its filters were refused. */
export type DeliveryLog = { list: DeliveryList; error: ListError | null };

/**
 * An endpoint's delivery log, opened on demand: the last 25 of a status and a date range, in a
 * sort of the admin's choice, with how many there are in all. One endpoint's at a time; which one,
 * and its filters, are in the address (`endpoint=…&status=…&range=…&sort=…`), which the server
 * renders it from (`log`), so a reload, a shared link or a saved view opens the same log.
 */
export function Deliveries({ endpoint, log }: { endpoint: Endpoint; log: DeliveryLog | null }) {
  const t = useTranslations("settings.forwarding");
  const ts = useTranslations("lists.sort.columns");
  const router = useRouter();
  const { filters, setFilters, pending } = useUrlFilters("/settings", deliveryKeys, { server: true });
  const open = log !== null;
  const query = Object.fromEntries(Object.entries(filters).filter(([key]) => key !== "endpoint"));
  // a delivery sent again, until the page is drawn again
  const [resent, setResent] = useState<Resent | null>(null);
  const rows = log ? log.list.data.map((d) => (resent?.from === log.list ? (resent.rows[d.id] ?? d) : d)) : [];
  const change = (changes: Record<string, string>) => setFilters(changes);
  const openThis = () =>
    open ? router.refresh() : setFilters({ ...Object.fromEntries(deliveryKeys.map((key) => [key, ""])), endpoint: endpoint.id });
  const list = log?.list ?? null;
  return (
    <div className="flex flex-col gap-2">
      {/* a form, so a tap before the page's scripts have run still opens the log (by the address) */}
      <form
        method="get"
        action="/settings"
        onSubmit={(event) => {
          event.preventDefault();
          openThis();
        }}
      >
        <input type="hidden" name="tab" value="forwarding" />
        <input type="hidden" name="endpoint" value={endpoint.id} />
        <Button type="submit" size="sm" variant="ghost" disabled={pending} aria-expanded={open}>
          {open ? t("refreshDeliveries") : t("showDeliveries")}
        </Button>
      </form>
      {log?.error && <ErrorState code={log.error.code} fields={log.error.fields} />}
      {open && list !== null && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Select
                aria-label={t("statusFilter")}
                className="w-auto! min-w-32"
                value={query.status ?? ""}
                onChange={(e) => change({ status: e.target.value })}
              >
                <option value="">{t("allStatuses")}</option>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`filterStatus.${status}`)}
                  </option>
                ))}
              </Select>
              <DateRangeFilter value={query} onChange={change} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <SortSelect
                columns={sortColumns.deliveries}
                labels={{ created: ts("created"), state: ts("state") }}
                sort={shownSort(query.sort, sortColumns.deliveries)}
                onSort={(sort) => change({ sort: sort === "-created" ? "" : sort })}
              />
              <SavedViews list="deliveries" basePath="/settings?tab=forwarding" query={new URLSearchParams(filters).toString()} />
            </div>
          </div>
          <ListTotal total={list.total} exact={list.total_exact} />
          {list.data.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noDeliveries")}</p>
          ) : (
            <ul aria-label={t("deliveriesOf", { url: endpoint.url })}>
              {rows.map((d) => (
                <DeliveryRow key={d.id} delivery={d} onChange={(next) => setResent((shown) => resentOne(list, shown, next))} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
