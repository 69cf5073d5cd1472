"use client";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { ErrorState, LoadingRows } from "@/components/ui/states";
import { useWebhookHealth } from "@/lib/client/event-queries";
import { useFormat } from "@/lib/client/use-format";

/** Is the service reaching us: the URL to register, the last event, what was refused in 24 h. */
export function WebhookHealth() {
  const t = useTranslations("events.health");
  const f = useFormat();
  const health = useWebhookHealth();
  return (
    <Card title={t("title")} labelId="webhook-endpoint">
      {health.isPending ? (
        <LoadingRows rows={2} />
      ) : health.isError ? (
        <ErrorState error={health.error} retry={() => void health.refetch()} />
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="sm:col-span-3">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("url")}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-mono break-all" data-testid="webhook-url">
              {health.data.webhook_url} <CopyValueButton value={health.data.webhook_url} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("last")}</dt>
            <dd data-testid="last-event">
              {health.data.last_received_at
                ? t("lastEvent", { event: health.data.last_event ?? t("unknownType"), time: f.dateTime(health.data.last_received_at) })
                : t("noneYet")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("received24h")}</dt>
            <dd className="tabular-nums">{health.data.events_24h}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("rejected24h")}</dt>
            <dd
              className={`tabular-nums ${health.data.rejections_24h ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
              data-testid="rejected-24h"
            >
              {health.data.rejections_24h}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
