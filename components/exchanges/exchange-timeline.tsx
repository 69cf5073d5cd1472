import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { StoredEvent } from "@/lib/dashboard/contract/dashboard-api";
import { payoutOfEventBody } from "@/lib/dashboard/exchanges/exchange-view";
import { useFormat, usePageTimeZone } from "@/lib/dashboard/client/use-format";

type Described = { key: "confirmed" | "broadcast" | "lightning" | "event"; values: Record<string, string | number> };

/** What an event says, as a key of the catalogue's `exchanges.timeline.describe`. */
function describe(event: StoredEvent): Described {
  const payout = payoutOfEventBody(event.body);
  if (event.event === "exchange.settled" && payout?.kind === "coin") {
    return payout.confirmations ? { key: "confirmed", values: { count: payout.confirmations } } : { key: "broadcast", values: {} };
  }
  if (event.event === "exchange.settled" && (payout?.kind === "invoice" || payout?.kind === "channel"))
    return { key: "lightning", values: { status: payout.status } };
  return { key: "event", values: { event: (event.event ?? "unknown").replace(".", "_"), name: event.event ?? "" } };
}

/**
 * Every webhook event of the exchange, oldest first, with its delivery details and raw payload.
 * Its times are when each webhook arrived here (the service's own times are under Amounts), in
 * the tenant's zone like every time of the page.
 */
export function ExchangeTimeline({ events }: { events: StoredEvent[] }) {
  const t = useTranslations("exchanges.timeline");
  const f = useFormat();
  const zone = usePageTimeZone();
  return (
    <Card title={t("title")} labelId="exchange-timeline">
      <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">{t("zone", { zone })}</p>
      {events.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="timeline">
          {events.map((event) => {
            const said = describe(event);
            return (
              <li key={event.seq} className="border-l-2 border-orange-400 pl-3" data-event={event.event ?? ""}>
                <p className="text-sm font-medium">{t(`describe.${said.key}`, said.values)}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t.rich("details", {
                    received: f.dateTime(event.received_at),
                    event: event.event ?? "",
                    retry: event.retry_count === null ? "?" : String(event.retry_count),
                    correlation: event.correlation_id ?? t("none"),
                    mono: (chunks) => <span className="font-mono">{chunks}</span>,
                  })}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-orange-700 dark:text-orange-400">{t("raw")}</summary>
                  <pre tabIndex={0} className="mt-1 max-h-80 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
                    {JSON.stringify(event.body, null, 2)}
                  </pre>
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
