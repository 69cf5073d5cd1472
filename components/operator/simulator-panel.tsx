"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { ErrorState, LoadingRows, FormError } from "@/components/ui/states";
import { StateBadge } from "@/components/ui/state-badge";
import { useSubmit } from "@/components/ui/use-submit";
import { useToast } from "@/components/shell/toaster";
import { PaymentFields, paymentOf } from "@/components/simulator/simulate-payment";
import { StepList, type DriveEvent } from "@/components/simulator/step-list";
import { apiFetch } from "@/lib/client/api";
import { useSandboxClock, useSandboxExchange } from "@/lib/client/console-queries";
import { useFormat } from "@/lib/client/use-format";
import { queryKeys } from "@/lib/client/queries";
import { clockSchema, paymentResultSchema } from "@/lib/exchange/operator-contract";
import { exchangeSchema } from "@/lib/exchange/schemas";
import { exchangeState } from "@/lib/exchange/exchange-state";
import { DeliveriesPanel } from "./deliveries-panel";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How far the clock buttons move the sandbox's time, in seconds. */
const presets = [300, 3600, 86_400] as const;

function Clock() {
  const t = useTranslations("operator.sandbox");
  const f = useFormat();
  const clock = useSandboxClock();
  const queryClient = useQueryClient();
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("clock")} labelId="sandbox-clock">
      <p className="text-sm" aria-live="polite">
        {clock.isPending ? t("reading") : clock.isError ? t("unavailable") : t("time", { time: f.dateTime(clock.data.now) })}
      </p>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("clockHint")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {presets.map((seconds) => (
          <Button
            key={seconds}
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const now = await apiFetch("/api/operator/sandbox/clock", clockSchema, {
                  method: "POST",
                  body: { advance_seconds: seconds },
                });
                queryClient.setQueryData(queryKeys.consoleList("clock"), now);
                await queryClient.invalidateQueries({ queryKey: queryKeys.console() });
              })
            }
          >
            {t("advance", { seconds })}
          </Button>
        ))}
      </div>
      <FormError message={error} className="mt-2" />
    </Card>
  );
}

function BankPayment() {
  const t = useTranslations("operator.sandbox");
  const tc = useTranslations("common");
  const toast = useToast();
  const router = useRouter();
  const { busy, error, run } = useSubmit();
  return (
    <Card title={t("payment")} labelId="bank-payment">
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const target = String(form.get("target") ?? "").trim();
          const payerIban = String(form.get("payer_iban") ?? "").trim();
          const body = {
            ...paymentOf(form),
            ...(UUID.test(target) ? { order_id: target.toLowerCase() } : { creditor_reference: target }),
            ...(payerIban ? { payer: { iban: payerIban } } : {}),
          };
          void run(async () => {
            const result = await apiFetch("/api/operator/sandbox/payments", paymentResultSchema, { method: "POST", body });
            toast(t("received", { state: tc(`states.${result.state}`) }));
            router.replace(`/operator?tab=sandbox&exchange=${result.exchange_id}`);
          });
        }}
      >
        <Field id="pay-target" label={t("target")}>
          <TextInput id="pay-target" name="target" required placeholder={t("targetPlaceholder")} />
        </Field>
        <Field id="pay-iban" label={t("payerIban")} hint={t("payerIbanHint")}>
          <TextInput id="pay-iban" name="payer_iban" autoComplete="off" />
        </Field>
        <PaymentFields idPrefix="pay" currency="eur" />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? t("paying") : t("pay")}
          </Button>
        </div>
        <FormError message={error} className="sm:col-span-3" />
      </form>
    </Card>
  );
}

function DriveExchange({ exchangeId }: { exchangeId: string | null }) {
  const t = useTranslations("operator.sandbox");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(exchangeId ?? "");
  const view = useSandboxExchange(exchangeId);
  const { busy, error, run } = useSubmit();
  const drive = (event: DriveEvent) =>
    void run(async () => {
      try {
        await apiFetch(`/api/operator/sandbox/exchanges/${exchangeId}/events`, exchangeSchema, { method: "POST", body: event });
      } finally {
        await queryClient.invalidateQueries({ queryKey: queryKeys.console() });
      }
    });
  return (
    <Card title={t("drive")} labelId="drive-exchange">
      <form
        className="mb-3 flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          router.replace(`/operator?tab=sandbox&exchange=${encodeURIComponent(value.trim().toLowerCase())}`);
        }}
      >
        <label htmlFor="drive-id" className="sr-only">
          {t("exchangeId")}
        </label>
        <TextInput
          id="drive-id"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t("exchangeId")}
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="secondary">
          {t("open")}
        </Button>
      </form>
      {!exchangeId ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("driveHint")}</p>
      ) : view.isPending ? (
        <LoadingRows rows={2} />
      ) : view.isError ? (
        <ErrorState error={view.error} retry={() => void view.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-mono">{view.data.exchange.id}</span>
            <StateBadge state={exchangeState(view.data.exchange)} />
            <span className="text-zinc-600 dark:text-zinc-400">
              {t("driveFacts", { lightning: view.data.payout_kind === "lightning" ? "yes" : "no", client: view.data.client_id })}
            </span>
          </p>
          <StepList steps={view.data.events} run={drive} busy={busy} />
        </div>
      )}
      <FormError message={error} className="mt-2" />
    </Card>
  );
}

/** The sandbox's controls: clock, bank, chain and Lightning, and its webhook deliveries. */
export function SimulatorPanel({ exchangeId }: { exchangeId: string | null }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <DriveExchange exchangeId={exchangeId && UUID.test(exchangeId) ? exchangeId : null} />
        <Clock />
      </div>
      <BankPayment />
      <DeliveriesPanel />
    </div>
  );
}
