"use client";
import { useTranslations } from "next-intl";
import { DefinitionList } from "@/components/ui/states";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { AgreementChoice } from "./new-order-wizard";
import { feeRateOf, type Draft } from "./draft";
import { agreementName } from "./payment-steps";

/** The last step: the whole order read back before it is created, with the service's refusal if any. */
export function ReviewStep({ draft, agreements, error }: { draft: Draft; agreements: AgreementChoice[]; error: string | null }) {
  const t = useTranslations("orders.wizard");
  const f = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <DefinitionList
        items={[
          [
            t("review.payout"),
            draft.kind === "lightning"
              ? t("review.node", { node: draft.nodePubkey })
              : draft.kind === "xpub"
                ? t("review.xpub", { address: draft.address, path: draft.path })
                : draft.address,
          ],
          [t("review.proof"), t("review.verified")],
          [t("review.payment"), t("review.from", { currency: draft.currency.toUpperCase(), iban: draft.iban })],
          [t("review.fee"), f.percent(feeRateOf(draft) ?? 0)],
          [t("review.agreement"), draft.affiliateId ? agreementName(agreements, draft.affiliateId) : t("review.default")],
          [t("review.status"), draft.active ? t("review.active") : t("review.inactive")],
        ]}
      />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
