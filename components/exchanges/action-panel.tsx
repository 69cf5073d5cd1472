import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";

/** The action required of the client, when there is one. */
export function ActionPanel({ exchange }: { exchange: ExchangeView }) {
  const t = useTranslations("exchanges.action");
  const { action } = exchange;
  const failed = exchange.payout?.kind === "failed" ? exchange.payout : null;
  if (!action && !failed) return null;
  // failure codes are the service's: one the catalogue does not know points to its documentation
  const failureKey = `failures.${failed?.failure_code ?? "unknown"}` as "failures.unknown";
  return (
    <Card title={t("title")} labelId="action-required" className="border-amber-300 dark:border-amber-800">
      <div className="flex flex-col gap-3 text-sm" data-testid="action-panel">
        {failed && (
          <p className="rounded-md bg-amber-50 p-3 dark:bg-amber-950">
            {t("failed", {
              type: failed.type,
              code: failed.failure_code,
              explanation: t.has(failureKey) ? t(failureKey) : t("failures.unknown"),
            })}
          </p>
        )}
        {action?.kind === "identification" && action.identification_id && (
          <p>
            {t.rich("identify", {
              id: action.identification_id,
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </p>
        )}
        {action && action.kind !== "initiate_payout" && action.url && (
          <p>
            {t.rich("identificationLink", {
              link: (chunks) => (
                <a
                  href={action.url ?? undefined}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="font-medium text-orange-700 underline dark:text-orange-400"
                >
                  {chunks}
                </a>
              ),
            })}
          </p>
        )}
        {action?.kind === "initiate_payout" && (
          // a channel is offered only to a node that has none with the service yet
          <p>{t(action.channel ? "lightningNeeded" : "lightningNeededInvoice")}</p>
        )}
        {action?.kind === "other" && !action.url && (
          <p>{t.rich("other", { code: action.code, mono: (chunks) => <code>{chunks}</code> })}</p>
        )}
      </div>
    </Card>
  );
}
