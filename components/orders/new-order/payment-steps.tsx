"use client";
import { useTranslations } from "next-intl";
import { Field, Select, TextInput } from "@/components/ui/field";
import { formatIban } from "@/lib/banking/iban";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { shortId } from "@/lib/dashboard/client/format";
import type { AgreementChoice } from "./new-order-wizard";
import { CheckLine } from "./check-line";
import { checkPayerIban, feeRateOf, type Draft } from "./draft";

type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void; serverError?: string | null };

export function PaymentStep({ draft, update, serverError }: StepProps) {
  const t = useTranslations("orders.wizard.payment");
  const check = checkPayerIban(draft.iban);
  return (
    <div className="flex flex-col gap-4">
      <Field id="currency" label={t("currency")}>
        <Select id="currency" value={draft.currency} onChange={(e) => update({ currency: e.target.value as Draft["currency"] })}>
          <option value="eur">{t("sepa")}</option>
          <option value="chf">CHF</option>
          <option value="gbp">GBP</option>
        </Select>
      </Field>
      <Field id="iban" label={t("iban")} error={serverError} hint={t("ibanHint")}>
        <TextInput
          id="iban"
          className="font-mono"
          value={draft.iban}
          onChange={(e) => update({ iban: e.target.value.toUpperCase() })}
          onBlur={() => check.valid && update({ iban: formatIban(draft.iban) })}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
      {draft.iban && (
        <CheckLine
          check={
            check.valid
              ? { ok: true, key: "ibanValid", values: { country: check.country } }
              : { ok: false, key: "ibanInvalid", values: { detail: check.reason } }
          }
          testId="iban-check"
        />
      )}
    </div>
  );
}

/** An agreement by its label, else by its short id (an agreement no one labelled yet). */
export function agreementName(agreements: AgreementChoice[], id: string) {
  return agreements.find((a) => a.affiliate_id === id)?.label || shortId(id);
}

export function PricingStep({ draft, update, serverError, agreements }: StepProps & { agreements: AgreementChoice[] }) {
  const t = useTranslations("orders.wizard.pricing");
  // a draft's agreement stays offered even if it is no longer listed
  const choices =
    draft.affiliateId && !agreements.some((a) => a.affiliate_id === draft.affiliateId)
      ? [...agreements, { affiliate_id: draft.affiliateId, label: null }]
      : agreements;
  const f = useFormat();
  const rate = feeRateOf(draft);
  const fee = rate === null ? null : Math.round(100 * rate * 100) / 100;
  return (
    <div className="flex flex-col gap-4">
      <Field
        id="fee-percent"
        label={t("feeRate")}
        error={serverError ?? (rate === null && draft.feePercent ? t("outOfRange") : null)}
        hint={t("feeRateHint")}
      >
        <TextInput id="fee-percent" inputMode="decimal" value={draft.feePercent} onChange={(e) => update({ feePercent: e.target.value })} />
      </Field>
      {fee !== null && (
        <p className="text-sm" role="status">
          {t.rich("example", {
            payment: f.fiat(100, draft.currency),
            fee: f.fiat(fee, draft.currency),
            exchanged: f.fiat(100 - fee, draft.currency),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      )}
      <Field id="affiliate-id" label={t("affiliate")} hint={t("affiliateHint")}>
        <Select id="affiliate-id" value={draft.affiliateId} onChange={(e) => update({ affiliateId: e.target.value })}>
          <option value="">{t("defaultAgreement")}</option>
          {choices.map((agreement) => (
            <option key={agreement.affiliate_id} value={agreement.affiliate_id}>
              {agreementName(choices, agreement.affiliate_id)}
            </option>
          ))}
        </Select>
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => update({ active: e.target.checked })}
          className="accent-orange-600"
        />
        {t("active")}
      </label>
    </div>
  );
}
