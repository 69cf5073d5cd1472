"use client";
import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { useCanMutate, useReadOnlyHint, useShellUser } from "@/components/shell/session-context";
import { apiFetch } from "@/lib/client/api";
import { queryKeys, useOrder } from "@/lib/client/queries";
import type { ExchangeView } from "@/lib/exchanges/exchange-view";
import { btcToSats } from "@/lib/client/format";
import { useFormat } from "@/lib/client/use-format";
import { exchangeSchema, lightningPayoutMethodSchema, type ExchangePayoutPatch } from "@/lib/exchange/schemas";
import { ChannelForm } from "./channel-form";
import { InvoiceDisclosure } from "./invoice-disclosure";
import { LnurlQr } from "./lnurl-qr";
import { PayoutLink } from "./payout-link";

/** The Lightning payout of an exchange that awaits one: LNURL QR codes, a pasted invoice, or a channel. */
export function PayoutPanel({ exchange }: { exchange: ExchangeView }) {
  const t = useTranslations("payouts.panel");
  const f = useFormat();
  const locale = useLocale();
  const readOnlyHint = useReadOnlyHint();
  const canMutate = useCanMutate();
  const { network } = useShellUser();
  const queryClient = useQueryClient();
  const order = useOrder(exchange.order_id);
  const refetch = useCallback(() => {
    // GET /api/exchanges/{id} with no-cache asks the service, which renews expired offers
    void apiFetch(`/api/exchanges/${exchange.id}`, exchangeSchema, { headers: { "cache-control": "no-cache" } }).then((fresh) =>
      queryClient.setQueryData(queryKeys.exchange(exchange.id), fresh),
    );
  }, [exchange.id, queryClient]);
  const patch = useMutation({
    mutationFn: (body: ExchangePayoutPatch) => apiFetch(`/api/exchanges/${exchange.id}`, exchangeSchema, { method: "PATCH", body }),
    onSuccess: (fresh) => queryClient.setQueryData(queryKeys.exchange(exchange.id), fresh),
  });
  const { action } = exchange;
  if (action?.kind !== "initiate_payout") return null;
  const { invoice, channel } = action;
  const amountSats = exchange.amount === null ? 0 : btcToSats(exchange.amount);
  const proven = lightningPayoutMethodSchema.safeParse(order.data?.payout_method);
  const nodePubkey = proven.success ? proven.data.node_pubkey : null;
  return (
    <Card title={t("title")} labelId="lightning-payout" className="border-orange-300 dark:border-orange-900">
      <div className="grid gap-6 lg:grid-cols-2" data-testid="payout-panel">
        {invoice && (
          <section className="flex flex-col gap-3">
            <h3 className="font-medium">{t("byInvoice")}</h3>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              {t.rich("invoiceExplainer", {
                receives: f.sats(amountSats - invoice.fee_sats),
                amount: f.sats(amountSats),
                fee: f.sats(invoice.fee_sats),
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
            <LnurlQr
              lnurl={invoice.lnurl}
              kind="withdraw"
              expiresOn={invoice.expires_on}
              onExpired={refetch}
              label={t("invoiceQr")}
              testId="withdraw-qr"
            />
            {canMutate ? (
              <InvoiceDisclosure
                summary={t("paste")}
                loading={t("loadingChecker")}
                locale={locale}
                network={network}
                expectedSats={amountSats - invoice.fee_sats}
                feeSats={invoice.fee_sats}
                nodePubkey={nodePubkey}
                submit={(text) => patch.mutateAsync({ payout: { type: "invoice", invoice: text } })}
              />
            ) : (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{readOnlyHint}</p>
            )}
          </section>
        )}
        {channel && (
          <section className="flex flex-col gap-3">
            <h3 className="font-medium">{t("byChannel")}</h3>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              {t("channelExplainer", { pushes: f.sats(amountSats - channel.fee_sats), fee: f.sats(channel.fee_sats) })}
            </p>
            <LnurlQr
              lnurl={channel.lnurl}
              kind="channel"
              expiresOn={channel.expires_on}
              onExpired={refetch}
              label={t("channelQr")}
              testId="channel-qr"
            />
            {canMutate && (
              <details>
                <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">{t("byAddress")}</summary>
                <div className="mt-3">
                  <ChannelForm
                    nodePubkey={nodePubkey}
                    submit={(nodeAddress, privateChannel) =>
                      patch.mutateAsync({
                        payout: { type: "channel", ...(nodeAddress ? { node_address: nodeAddress } : {}), private: privateChannel },
                      })
                    }
                  />
                </div>
              </details>
            )}
          </section>
        )}
        {canMutate && (
          <section className="lg:col-span-2">
            <PayoutLink exchangeId={exchange.id} />
          </section>
        )}
      </div>
    </Card>
  );
}
