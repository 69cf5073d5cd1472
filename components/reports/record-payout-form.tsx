"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { CurrencyField } from "@/components/ui/currency-field";
import { DateField } from "@/components/ui/date-time-field";
import { FormError } from "@/components/ui/states";
import { useSubmit } from "@/components/ui/use-submit";
import { apiFetch } from "@/lib/dashboard/client/api";
import { affiliatePayoutSchema } from "@/lib/dashboard/contract/reports-api";

/** Records a payout of earnings received against this statement; the page then reconciles it. */
export function RecordPayoutForm({
  affiliateId,
  period,
  currency,
  today,
}: {
  affiliateId: string;
  period: string;
  currency: string;
  today: string;
}) {
  const t = useTranslations("reports.statement");
  const router = useRouter();
  const { busy, error, run } = useSubmit({});
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_2fr_auto] sm:items-end"
      aria-label={t("recordLabel")}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = Object.fromEntries(new FormData(form).entries());
        void run(async () => {
          await apiFetch(`/api/agreements/${affiliateId}/payouts`, affiliatePayoutSchema, { method: "POST", body: { ...data, period } });
          form.reset();
          router.refresh();
        });
      }}
    >
      <Field id="payout-received-on" label={t("receivedOn")}>
        <DateField id="payout-received-on" label={t("receivedOn")} name="received_on" required compact defaultValue={today} />
      </Field>
      <Field id="payout-amount" label={t("amount")}>
        <TextInput id="payout-amount" name="amount" inputMode="decimal" required placeholder="120.50" />
      </Field>
      <CurrencyField id="payout-currency" defaultValue={currency} />
      <Field id="payout-reference" label={t("bankReference")}>
        <TextInput id="payout-reference" name="bank_reference" required maxLength={140} />
      </Field>
      <Button type="submit" disabled={busy}>
        {t("record")}
      </Button>
      <FormError message={error} className="sm:col-span-5" />
    </form>
  );
}
