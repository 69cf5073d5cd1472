import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import type { WebhookHealth as Health } from "@/lib/dashboard/contract/events-api";
import { useFormat } from "@/lib/dashboard/client/use-format";

/** Is the service reaching us: the URL to register, the last event, what was refused in 24 h. */
export function WebhookHealth({ health }: { health: Health }) {
  const t = useTranslations("events.health");
  const f = useFormat();
  return (
    <Card title={t("title")} labelId="webhook-endpoint">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="sm:col-span-3">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("url")}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-mono wrap-id" data-testid="webhook-url">
            {health.webhook_url} <CopyValueButton value={health.webhook_url} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("last")}</dt>
          <dd data-testid="last-event">
            {health.last_received_at
              ? t("lastEvent", { event: health.last_event ?? t("unknownType"), time: f.dateTime(health.last_received_at) })
              : t("noneYet")}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("received24h")}</dt>
          <dd className="tabular-nums">{health.events_24h}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t("rejected24h")}</dt>
          <dd
            className={`tabular-nums ${health.rejections_24h ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
            data-testid="rejected-24h"
          >
            {health.rejections_24h}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
