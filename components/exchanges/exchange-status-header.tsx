import { useTranslations } from "next-intl";
import { PageTitle } from "@/components/ui/page-title";
import type { ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";

type Explanation = { meaning: string; next: string };

/** What the state means and what to do next: keys of the catalogue's `exchanges.explain`. */
function explainState(exchange: ExchangeView): Explanation {
  const { action } = exchange;
  switch (exchange.state) {
    case "executed":
      return action?.kind === "initiate_payout"
        ? { meaning: "awaitsLightning", next: "startPayout" }
        : exchange.payout
          ? { meaning: "lightningInProgress", next: "waitForPayout" }
          : { meaning: "bought", next: "payoutFollows" };
    case "interrupted":
      if (exchange.reason === "payout_failure") return { meaning: "payoutFailed", next: "tryAnother" };
      if (action?.kind === "identification") {
        return { meaning: "awaitsIdentification", next: action.url ? "sendIdentificationLink" : "serviceContacts" };
      }
      return { meaning: "interrupted", next: "seeAction" };
    case "refunded":
      return { meaning: "refunded", next: "refundedNext" };
    case "settled":
      // confirmations are an on-chain payout's: a Lightning payout's page shows the invoice or the channel
      return {
        meaning: "settled",
        next:
          exchange.payout?.kind === "channel" ? "settledChannel" : exchange.payout?.kind === "invoice" ? "settledInvoice" : "settledNext",
      };
  }
}

export function ExchangeStatusHeader({ exchange }: { exchange: ExchangeView }) {
  const t = useTranslations("exchanges.explain");
  const tk = useTranslations("exchanges");
  const { meaning, next } = explainState(exchange);
  const { state } = exchange;
  // the reason is the service's code: one the catalogue does not know is shown as it came
  const reasonKey = `reasons.${exchange.reason ?? "none"}` as "reasons.none";
  const reason = t.has(reasonKey) ? t(reasonKey) : (exchange.reason ?? t("reasons.none"));
  return (
    <header className="flex flex-col gap-2">
      <PageTitle kind={tk("kind")} id={exchange.id} state={state}>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">
          {tk("typePair", { type: exchange.type, pair: exchange.pair.toUpperCase() })}
        </span>
      </PageTitle>
      <p className="text-sm" data-testid="state-meaning">
        {t(meaning as "bought", { reason })} <span className="text-zinc-500 dark:text-zinc-400">{t(next as "payoutFollows")}</span>
      </p>
    </header>
  );
}
