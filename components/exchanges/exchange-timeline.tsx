import { Card } from "@/components/ui/card";
import type { StoredEvent } from "@/lib/contract/dashboard-api";
import { payoutOfEventBody } from "@/lib/exchanges/exchange-view";
import { formatDateTime } from "@/lib/client/format";

function describe(event: StoredEvent): string {
  const payout = payoutOfEventBody(event.body);
  if (event.event === "exchange.settled" && payout?.kind === "coin") {
    return payout.confirmations ? `Payout confirmed (${payout.confirmations})` : "Payout transaction broadcast";
  }
  if (event.event === "exchange.settled" && (payout?.kind === "invoice" || payout?.kind === "channel")) return `Payout ${payout.status}`;
  const names: Record<string, string> = {
    "exchange.executed": "Executed",
    "exchange.interrupted": "Interrupted",
    "exchange.refunded": "Refunded",
    "exchange.settled": "Settled",
  };
  return names[event.event ?? ""] ?? event.event ?? "Unknown event";
}

/** Every webhook event of the exchange, oldest first, with its delivery details and raw payload. */
export function ExchangeTimeline({ events }: { events: StoredEvent[] }) {
  return (
    <Card title="Timeline">
      {events.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No webhook events received for this exchange yet.</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="timeline">
          {events.map((event) => (
            <li key={event.seq} className="border-l-2 border-orange-400 pl-3" data-event={event.event ?? ""}>
              <p className="text-sm font-medium">{describe(event)}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {formatDateTime(event.received_at)} · {event.event} · retry {event.retry_count ?? "?"} · correlation id{" "}
                <span className="font-mono">{event.correlation_id ?? "none"}</span>
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-orange-700 dark:text-orange-400">Raw payload</summary>
                <pre tabIndex={0} className="mt-1 max-h-80 overflow-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">
                  {JSON.stringify(event.body, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
