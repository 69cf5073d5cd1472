"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/states";
import { Field, Select, TextInput } from "@/components/ui/field";
import { CurrencyField } from "@/components/ui/currency-field";
import { useSubmit } from "@/components/ui/use-submit";
import { useShellUser } from "@/components/shell/session-context";
import { useToast } from "@/components/shell/toaster";
import { apiFetch } from "@/lib/dashboard/client/api";
import { refundCodes } from "@/lib/service-api/codes";
import { SandboxBadge } from "./sandbox-badge";

const outcomes = ["", "identification_required", ...refundCodes] as const;

/** The bank's side of a payment, as fields: what the operator console and the order page both ask. */
export function PaymentFields({ idPrefix, currency }: { idPrefix: string; currency: string }) {
  const t = useTranslations("simulator");
  const outcomeLabel = (o: (typeof outcomes)[number]) =>
    o === ""
      ? t("byRules")
      : o === "identification_required"
        ? t("identificationRequired")
        : t("refundWith", { code: t(`refundCodes.${o}`) });
  return (
    <>
      <Field id={`${idPrefix}-amount`} label={t("amount")} hint={t("amountHint")}>
        <TextInput id={`${idPrefix}-amount`} name="amount" inputMode="decimal" defaultValue="250" required />
      </Field>
      <CurrencyField id={`${idPrefix}-currency`} defaultValue={currency} />
      <Field id={`${idPrefix}-outcome`} label={t("outcome")}>
        <Select id={`${idPrefix}-outcome`} name="outcome" defaultValue="">
          {outcomes.map((o) => (
            <option key={o} value={o}>
              {outcomeLabel(o)}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

/** amount, currency and outcome of a PaymentFields form. */
export function paymentOf(form: FormData) {
  const outcome = String(form.get("outcome") ?? "");
  return {
    amount: Number(String(form.get("amount") ?? "").replace(",", ".")),
    currency: String(form.get("currency") ?? ""),
    ...(outcome ? { outcome: outcome as (typeof outcomes)[number] & string } : {}),
  };
}

/** "Simulate a payment" on an order of a sandbox tenant (admins), like BTCPay's regtest test payment. */
export function SimulatePayment({ orderId, currency }: { orderId: string; currency: string }) {
  const t = useTranslations("simulator");
  const tc = useTranslations("common");
  const user = useShellUser();
  const toast = useToast();
  const { busy, error, run } = useSubmit();
  const [last, setLast] = useState<string | null>(null);
  if (!(user.simulator && user.role === "admin")) return null;
  return (
    <Card
      labelId="simulate-payment"
      title={
        <span className="flex items-center gap-2">
          {t("payment")} <SandboxBadge />
        </span>
      }
    >
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const body = paymentOf(new FormData(event.currentTarget));
          void run(async () => {
            const { paymentResultSchema } = await import("@/lib/service-api/operator-contract");
            const result = await apiFetch(`/api/orders/${orderId}/simulate-payment`, paymentResultSchema, { method: "POST", body });
            setLast(result.exchange_id);
            toast(t("received", { state: tc(`states.${result.state}`) }), `/exchanges/${result.exchange_id}`, {
              about: `${result.exchange_id}:${result.state}`,
              from: "action",
            });
          });
        }}
      >
        <PaymentFields idPrefix="simulate" currency={currency} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? t("paying") : t("pay")}
          </Button>
          {last && (
            <a href={`/exchanges/${last}`} className="text-sm text-orange-700 underline dark:text-orange-400">
              {t("openExchange")}
            </a>
          )}
        </div>
        <FormError message={error} className="sm:col-span-3" />
      </form>
    </Card>
  );
}
