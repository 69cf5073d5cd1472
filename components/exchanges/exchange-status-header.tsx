import { PageTitle } from "@/components/ui/page-title";
import type { ExchangeView } from "@/lib/exchanges/exchange-view";

const refundReasons: Record<string, string> = {
  threshold_exceeded: "a threshold was exceeded (for example for lack of full identification)",
  order_inactive: "the order was inactive when the payment arrived",
  companies_unsupported: "the payment came from a company account",
  country_unsupported: "the payment came from an unsupported country",
  other_risk_detected: "a risk check prevented the exchange",
  customer_requested: "the customer asked for a refund",
  account_not_matching: "the payment came from another person than the order's",
  payout_expired: "the payout was not collected in time",
};

/** What the state means and what to do next, in words. */
export function explainState(exchange: ExchangeView): { meaning: string; next: string } {
  const { action } = exchange;
  switch (exchange.state) {
    case "executed":
      return action?.kind === "initiate_payout"
        ? {
            meaning: "The bitcoin was bought and waits for a Lightning payout.",
            next: "Start the payout below, or send the customer a payout link.",
          }
        : exchange.payout
          ? {
              meaning: "The bitcoin was bought; the Lightning payout is in progress.",
              next: "Nothing to do: this page updates when the payout completes.",
            }
          : { meaning: "The bitcoin was bought at the rate below.", next: "Nothing to do: the payout transaction follows automatically." };
    case "interrupted":
      if (exchange.reason === "payout_failure")
        return { meaning: "The payout attempt failed.", next: "Try another payout below; the failure is explained there." };
      if (action?.kind === "identification") {
        return {
          meaning: "The exchange waits for the customer's identification.",
          next: action.url
            ? "Send the customer the identification link below."
            : "The service contacts the customer; the exchange continues once identified.",
        };
      }
      return { meaning: "The exchange is interrupted.", next: "See the action required below." };
    case "refunded":
      return {
        meaning: `The payment was refunded: ${refundReasons[exchange.reason ?? ""] ?? exchange.reason ?? "no reason given"}.`,
        next: "Nothing to do; the customer gets the money back.",
      };
    case "settled":
      return { meaning: "The bitcoin was paid out.", next: "Nothing to do. Confirmations update below." };
  }
}

export function ExchangeStatusHeader({ exchange }: { exchange: ExchangeView }) {
  const { meaning, next } = explainState(exchange);
  const { state } = exchange;
  return (
    <header className="flex flex-col gap-2">
      <PageTitle kind="Exchange" id={exchange.id} state={state}>
        <span className="text-sm text-zinc-500 dark:text-zinc-400 uppercase">
          {exchange.type} {exchange.pair}
        </span>
      </PageTitle>
      <p className="text-sm" data-testid="state-meaning">
        {meaning} <span className="text-zinc-500 dark:text-zinc-400">{next}</span>
      </p>
    </header>
  );
}
