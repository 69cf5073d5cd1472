"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, TextInput } from "@/components/ui/field";
import { READ_ONLY_HINT, useCanMutate } from "@/components/shell/session-context";
import { ApiClientError, apiFetch } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/queries";
import { messageFor } from "@/lib/client/messages";
import { formatPercent } from "@/lib/client/format";
import { orderSchema, type Order, type OrderPatch } from "@/lib/exchange/schemas";

/** Toggle the order (with a confirmation) and change its fee rate or affiliate agreement. */
export function OrderSettings({ order }: { order: Order }) {
  const canMutate = useCanMutate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [feePercent, setFeePercent] = useState(String(+(order.fee_rate * 100).toFixed(3)));
  const [affiliate, setAffiliate] = useState(order.affiliate_id);
  const mutation = useMutation({
    mutationFn: (patch: OrderPatch) => apiFetch(`/api/orders/${order.id}`, orderSchema, { method: "PATCH", body: patch }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.order(order.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderLists() });
      setConfirming(false);
    },
  });
  const error =
    mutation.error instanceof ApiClientError ? messageFor(mutation.error.code) : mutation.error ? messageFor("unexpected_response") : null;
  const fee = Number(feePercent.replace(",", ".")) / 100;
  return (
    <Card title="Settings">
      <div className="flex flex-col gap-4">
        {!canMutate && <p className="text-sm text-zinc-500 dark:text-zinc-400">{READ_ONLY_HINT}</p>}
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm">
            The order is <strong>{order.active ? "active" : "inactive"}</strong>
            {order.active ? ": payments into it are exchanged." : ": payments into it are refunded."}
          </span>
          {confirming ? (
            <span className="flex items-center gap-2">
              <Button
                variant={order.active ? "danger" : "primary"}
                size="sm"
                onClick={() => mutation.mutate({ active: !order.active })}
                disabled={mutation.isPending}
              >
                {order.active ? "Yes, deactivate" : "Yes, activate"}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </span>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(true)}
              disabled={!canMutate}
              title={canMutate ? undefined : READ_ONLY_HINT}
            >
              {order.active ? "Deactivate" : "Activate"}
            </Button>
          )}
        </div>
        <form
          className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate({
              fee_rate: Number(fee.toFixed(6)),
              ...(affiliate && affiliate !== order.affiliate_id ? { affiliate_id: affiliate } : {}),
            });
          }}
        >
          <Field id="fee-rate" label="Fee rate (%)" hint={`now ${formatPercent(order.fee_rate)}; 1.2–4.5`}>
            <TextInput
              id="fee-rate"
              inputMode="decimal"
              value={feePercent}
              onChange={(e) => setFeePercent(e.target.value)}
              disabled={!canMutate}
            />
          </Field>
          <Field id="affiliate" label="Affiliate agreement id">
            <TextInput
              id="affiliate"
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
            title={canMutate ? undefined : READ_ONLY_HINT}
          >
            Save
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
