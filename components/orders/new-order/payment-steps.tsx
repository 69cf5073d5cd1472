"use client";
import { Field, Select, TextInput } from "@/components/ui/field";
import { formatIban } from "@/lib/banking/iban";
import { formatFiat } from "@/lib/client/format";
import { CheckLine } from "./check-line";
import { checkPayerIban, feeRateOf, type Draft } from "./draft";

type StepProps = { draft: Draft; update: (patch: Partial<Draft>) => void; serverError?: string | null };

export function PaymentStep({ draft, update, serverError }: StepProps) {
  const check = checkPayerIban(draft.iban);
  return (
    <div className="flex flex-col gap-4">
      <Field id="currency" label="Currency the customer pays in">
        <Select id="currency" value={draft.currency} onChange={(e) => update({ currency: e.target.value as Draft["currency"] })}>
          <option value="eur">EUR (SEPA)</option>
          <option value="chf">CHF</option>
          <option value="gbp">GBP</option>
        </Select>
      </Field>
      <Field
        id="iban"
        label="Customer's IBAN (the paying account)"
        error={serverError}
        hint="Payments from any other account are refunded."
      >
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
          check={check.valid ? { ok: true, text: `Valid ${check.country} IBAN.` } : { ok: false, text: check.reason }}
          testId="iban-check"
        />
      )}
    </div>
  );
}

export function PricingStep({ draft, update, serverError }: StepProps) {
  const rate = feeRateOf(draft);
  const fee = rate === null ? null : Math.round(100 * rate * 100) / 100;
  return (
    <div className="flex flex-col gap-4">
      <Field
        id="fee-percent"
        label="Fee rate (%)"
        error={serverError ?? (rate === null && draft.feePercent ? "Between 1.2 % and 4.5 %." : null)}
        hint="Applies to every exchange of the order; part of it is your commission."
      >
        <TextInput id="fee-percent" inputMode="decimal" value={draft.feePercent} onChange={(e) => update({ feePercent: e.target.value })} />
      </Field>
      {fee !== null && (
        <p className="text-sm" role="status">
          On a payment of {formatFiat(100, draft.currency)} the fee is <strong>{formatFiat(fee, draft.currency)}</strong>;{" "}
          {formatFiat(100 - fee, draft.currency)} is exchanged.
        </p>
      )}
      <Field id="affiliate-id" label="Affiliate agreement (optional)" hint="The agreement's id; leave empty for your default agreement.">
        <TextInput
          id="affiliate-id"
          className="font-mono"
          value={draft.affiliateId}
          onChange={(e) => update({ affiliateId: e.target.value.trim() })}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(e) => update({ active: e.target.checked })}
          className="accent-orange-600"
        />
        Active right away (payments into an inactive order are refunded)
      </label>
    </div>
  );
}
