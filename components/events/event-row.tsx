"use client";
import { Link } from "@/components/ui/app-link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { LoadingRows, ErrorState } from "@/components/ui/states";
import { apiFetch } from "@/lib/dashboard/client/api";
import { shortId } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { WebhookEventDetail, WebhookEventItem } from "@/lib/dashboard/contract/events-api";

function pretty(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** One received webhook; its headers and raw body are fetched when it is opened. */
export function EventRow({ event }: { event: WebhookEventItem }) {
  const t = useTranslations("events.row");
  const f = useFormat();
  const [detail, setDetail] = useState<{ data: WebhookEventDetail } | { error: unknown } | null>(null);
  // the headers and raw body are asked for when the row is first opened, with their schema
  const load = () =>
    import("@/lib/dashboard/contract/events-api")
      .then(({ webhookEventDetailSchema }) => apiFetch(`/api/webhook-events/${event.seq}`, webhookEventDetailSchema))
      .then(
        (data) => setDetail({ data }),
        (error: unknown) => setDetail({ error }),
      );
  return (
    <li className="py-3" data-event-seq={event.seq}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">
          {t("valid")}
        </span>
        <span className="font-medium">{event.event ?? t("unknownType")}</span>
        {event.exchange_id && (
          <Link href={`/exchanges/${event.exchange_id}`} className="font-mono text-orange-700 hover:underline dark:text-orange-400">
            {shortId(event.exchange_id)}
          </Link>
        )}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("when", { received: f.dateTime(event.received_at), retry: event.retry_count === null ? "?" : String(event.retry_count) })}
        </span>
        <span className="text-xs wrap-anywhere text-zinc-600 dark:text-zinc-400">
          {t("correlation", { id: event.correlation_id ?? t("none") })}
        </span>
      </div>
      <details className="mt-1 text-xs" onToggle={(e) => e.currentTarget.open && (detail === null || "error" in detail) && void load()}>
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">{t("raw")}</summary>
        {detail === null ? (
          <LoadingRows rows={2} />
        ) : "error" in detail ? (
          <ErrorState error={detail.error} retry={() => void load()} />
        ) : (
          <div className="mt-1 flex flex-col gap-1">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 font-mono">
              {Object.entries(detail.data.headers).map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-zinc-600 dark:text-zinc-400">{name}</dt>
                  <dd className="wrap-anywhere">{value}</dd>
                </div>
              ))}
            </dl>
            {detail.data.raw_body === "" ? (
              <p className="text-zinc-600 dark:text-zinc-400">{t("pruned")}</p>
            ) : (
              <pre className="overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-800">{pretty(detail.data.raw_body)}</pre>
            )}
          </div>
        )}
      </details>
    </li>
  );
}
