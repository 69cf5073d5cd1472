"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { useCanMutate, useReadOnlyHint } from "@/components/shell/session-context";
import { apiFetch } from "@/lib/dashboard/client/api";
import { useSubmit } from "@/components/ui/use-submit";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { Order, OrderPatch } from "@/lib/service-api/schemas";

/** Whether the order is active, and the button that changes it after a confirmation. */
function ActiveToggle({
  order,
  confirming,
  setConfirming,
  mutate,
  pending,
}: {
  order: Order;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  mutate: (patch: OrderPatch) => Promise<unknown>;
  pending: boolean;
}) {
  const t = useTranslations("orders.settings");
  const tc = useTranslations("common");
  const readOnlyHint = useReadOnlyHint();
  const canMutate = useCanMutate();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm">{t.rich(order.active ? "isActive" : "isInactive", { strong: (chunks) => <strong>{chunks}</strong> })}</span>
      {confirming ? (
        <span className="flex items-center gap-2">
          <Button
            variant={order.active ? "danger" : "primary"}
            size="sm"
            onClick={() => void mutate({ active: !order.active })}
            disabled={pending}
          >
            {order.active ? t("confirmDeactivate") : t("confirmActivate")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {tc("cancel")}
          </Button>
        </span>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setConfirming(true)}
          disabled={!canMutate}
          title={canMutate ? undefined : readOnlyHint}
        >
          {order.active ? t("deactivate") : t("activate")}
        </Button>
      )}
    </div>
  );
}

/** Toggle the order (with a confirmation) and change its fee rate or affiliate agreement. */
export function OrderSettings({ order }: { order: Order }) {
  const t = useTranslations("orders.settings");
  const tc = useTranslations("common");
  const f = useFormat();
  const readOnlyHint = useReadOnlyHint();
  const canMutate = useCanMutate();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [feePercent, setFeePercent] = useState(String(+(order.fee_rate * 100).toFixed(3)));
  const [affiliate, setAffiliate] = useState(order.affiliate_id);
  const { busy, error, run } = useSubmit();
  // PATCH /api/orders/{id}, its answer parsed with the order's schema (loaded with the first change), then the page drawn again
  const mutation = {
    isPending: busy,
    mutate: (patch: OrderPatch) =>
      run(async () => {
        const { orderSchema } = await import("@/lib/service-api/schemas");
        await apiFetch(`/api/orders/${order.id}`, orderSchema, { method: "PATCH", body: patch });
        setConfirming(false);
        router.refresh();
      }),
  };
  const fee = Number(feePercent.replace(",", ".")) / 100;
  return (
    <Card title={t("title")} labelId="order-settings">
      <div className="flex flex-col gap-4">
        {!canMutate && <p className="text-sm text-zinc-500 dark:text-zinc-400">{readOnlyHint}</p>}
        <ActiveToggle
          order={order}
          confirming={confirming}
          setConfirming={setConfirming}
          mutate={mutation.mutate}
          pending={mutation.isPending}
        />
        <form
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void mutation.mutate({
              fee_rate: Number(fee.toFixed(6)),
              ...(affiliate && affiliate !== order.affiliate_id ? { affiliate_id: affiliate } : {}),
            });
          }}
        >
          <Field id="fee-rate" label={t("feeRate")} hint={t("feeRateHint", { rate: f.percent(order.fee_rate) })}>
            <TextInput
              id="fee-rate"
              name="fee_rate"
              inputMode="decimal"
              value={feePercent}
              onChange={(e) => setFeePercent(e.target.value)}
              disabled={!canMutate}
            />
          </Field>
          <Field id="affiliate" label={t("affiliate")}>
            <TextInput
              id="affiliate"
              name="affiliate_id"
              value={affiliate}
              onChange={(e) => setAffiliate(e.target.value.trim())}
              disabled={!canMutate}
              className="font-mono"
            />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            disabled={!canMutate || mutation.isPending}
            title={canMutate ? undefined : readOnlyHint}
          >
            {tc("save")}
          </Button>
        </form>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}
