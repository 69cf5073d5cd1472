"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { ErrorState, FormError } from "@/components/ui/states";
import { StateBadge } from "@/components/ui/state-badge";
import { useSubmit } from "@/components/ui/use-submit";
import { useToast } from "@/components/shell/toaster";
import { PaymentFields, paymentOf } from "@/components/simulator/simulate-payment";
import { StepList, type DriveEvent } from "@/components/simulator/step-list";
import { apiFetch } from "@/lib/dashboard/client/api";
import { paymentResultSchema, type operatorExchangeSchema } from "@/lib/service-api/operator-contract";
import type * as z from "zod/mini";
import { exchangeState } from "@/lib/service-api/exchange-state";
import { DeliveriesPanel, type Deliveries, type SandboxClients } from "./deliveries-panel";
import { SandboxClocks } from "./sandbox-clocks";

export type SandboxExchange = z.infer<typeof operatorExchangeSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
            toast(t("received", { state: tc(`states.${result.state}`) }), undefined, {
              about: `${result.exchange_id}:${result.state}`,
              from: "action",
            });
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

function DriveExchange({ exchangeId, view }: { exchangeId: string | null; view: SandboxExchange | { error: string } | null }) {
  const t = useTranslations("operator.sandbox");
  const router = useRouter();
  const [value, setValue] = useState(exchangeId ?? "");
  const { busy, error, run } = useSubmit();
  const drive = (event: DriveEvent) =>
    void run(async () => {
      try {
        const { exchangeSchema } = await import("@/lib/service-api/schemas");
        await apiFetch(`/api/operator/sandbox/exchanges/${exchangeId}/events`, exchangeSchema, { method: "POST", body: event });
      } finally {
        router.refresh();
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
      {!exchangeId || !view ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("driveHint")}</p>
      ) : "error" in view ? (
        <ErrorState code={view.error} retryByRefresh />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-mono">{view.exchange.id}</span>
            <StateBadge state={exchangeState(view.exchange)} />
            <span className="text-zinc-600 dark:text-zinc-400">
              {t("driveFacts", { lightning: view.payout_kind === "lightning" ? "yes" : "no", client: view.client_id })}
            </span>
          </p>
          <StepList steps={view.events} run={drive} busy={busy} />
        </div>
      )}
      <FormError message={error} className="mt-2" />
    </Card>
  );
}

/**
 * The sandbox's controls: clock, bank, chain and Lightning, and its webhook deliveries, with what
 * the sandbox's operator API answered when the page was rendered on the server.
 */
export function SimulatorPanel({
  exchangeId,
  driven,
  now,
  deliveries,
  clients,
}: {
  exchangeId: string | null;
  driven: SandboxExchange | { error: string } | null;
  now: string | null;
  deliveries: Deliveries | { error: string };
  clients: SandboxClients | null;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <DriveExchange exchangeId={exchangeId} view={driven} />
        <SandboxClocks now={now} clients={clients} />
      </div>
      <BankPayment />
      <DeliveriesPanel deliveries={deliveries} clients={clients} />
    </div>
  );
}
