import { Card } from "@/components/ui/card";
import type { ExchangeView } from "@/lib/exchanges/exchange-view";

const failures: Record<string, string> = {
  no_route: "No route to the receiving node was found. Ask for an invoice from a better-connected wallet, or use a channel payout.",
  invoice_expired: "The invoice expired before it could be paid. Send a fresh invoice.",
  error: "The attempt failed for a temporary reason. Try again.",
  min_chan_size: "The receiving node refuses channels this small. Use an invoice payout instead.",
  connect_error: "The receiving node could not be reached. Check its address and that it is online.",
  push_amt_rejected: "The receiving node refuses channel payouts (push amounts). Use an invoice payout instead.",
};

/** The action required of the client, when there is one. */
export function ActionPanel({ exchange }: { exchange: ExchangeView }) {
  const { action } = exchange;
  const failed = exchange.payout?.kind === "failed" ? exchange.payout : null;
  if (!action && !failed) return null;
  return (
    <Card title="Action required" className="border-amber-300 dark:border-amber-800">
      <div className="flex flex-col gap-3 text-sm" data-testid="action-panel">
        {failed && (
          <p className="rounded-md bg-amber-50 p-3 dark:bg-amber-950">
            The {failed.type} payout failed ({failed.failure_code}): {failures[failed.failure_code] ?? "see the service's documentation."}
          </p>
        )}
        {action?.kind === "identification" && action.identification_id && (
          <p>
            The customer must identify before the exchange continues. Identification id{" "}
            <code className="font-mono">{action.identification_id}</code>.
          </p>
        )}
        {action && action.kind !== "initiate_payout" && action.url && (
          <p>
            <a
              href={action.url}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-orange-700 underline dark:text-orange-400"
            >
              Open the identification page
            </a>{" "}
            and send it to the customer.
          </p>
        )}
        {action?.kind === "initiate_payout" && (
          <p>A Lightning payout is needed: the customer&apos;s wallet takes an invoice, or a new channel (below).</p>
        )}
        {action?.kind === "other" && !action.url && (
          <p>
            The service asks for <code>{action.code}</code>.
          </p>
        )}
      </div>
    </Card>
  );
}
