"use client";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorState, LoadingRows } from "@/components/ui/states";
import { useWebhookHealth } from "@/lib/client/event-queries";
import { formatDateTime } from "@/lib/client/format";

/** Is the service reaching us: the URL to register, the last event, what was refused in 24 h. */
export function WebhookHealth() {
  const health = useWebhookHealth();
  return (
    <Card title="Webhook endpoint">
      {health.isPending ? (
        <LoadingRows rows={2} />
      ) : health.isError ? (
        <ErrorState error={health.error} retry={() => void health.refetch()} />
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="sm:col-span-3">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">URL registered with the service</dt>
            <dd className="flex flex-wrap items-center gap-2 font-mono break-all" data-testid="webhook-url">
              {health.data.webhook_url} <CopyButton value={health.data.webhook_url} label="Copy" />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Last event received</dt>
            <dd data-testid="last-event">
              {health.data.last_received_at ? (
                <>
                  {health.data.last_event ?? "unknown type"} · {formatDateTime(health.data.last_received_at)}
                </>
              ) : (
                "None yet"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Received in 24 h</dt>
            <dd className="tabular-nums">{health.data.events_24h}</dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Rejected in 24 h</dt>
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
