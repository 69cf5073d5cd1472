"use client";
import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import * as z from "zod/mini";
import { Card } from "@/components/ui/card";
import { useCanMutate, useReadOnlyHint, useShellUser } from "@/components/shell/session-context";
import { apiFetch } from "@/lib/dashboard/client/api";
import type { ExchangeView } from "@/lib/dashboard/exchanges/exchange-view";
import { btcToSats } from "@/lib/dashboard/client/format";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { ExchangePayoutPatch } from "@/lib/service-api/schemas";
import { ChannelForm } from "./channel-form";
import { InvoiceDisclosure } from "./invoice-disclosure";
import { LnurlQr, type PreparedOffer } from "./lnurl-qr";

/** What GET /api/exchanges/{id} answers, as far as renewing an offer needs to read: it is the same exchange. */
const renewedSchema = z.looseObject({ id: z.string() });

/** Reading the exchange again: `refetch` renews its expired offers, `patch` sends the payout chosen. */
function useExchangeUpdates(exchangeId: string) {
  const router = useRouter();
  const refetch = useCallback(() => {
    // GET /api/exchanges/{id} with no-cache asks the service, which renews expired offers and
    // stores the new snapshot; the page is then drawn again from it
    void apiFetch(`/api/exchanges/${exchangeId}`, renewedSchema, { headers: { "cache-control": "no-cache" } }).then(
      () => router.refresh(),
      () => undefined,
    );
  }, [exchangeId, router]);
  const patch = async (body: ExchangePayoutPatch) => {
    const { exchangeSchema } = await import("@/lib/service-api/schemas");
    const fresh = await apiFetch(`/api/exchanges/${exchangeId}`, exchangeSchema, { method: "PATCH", body });
    router.refresh();
    return fresh;
  };
  return { refetch, patch };
}

/** The payout offer of an exchange awaiting one, as the service describes it. */
type PayoutAction = Extract<NonNullable<ExchangeView["action"]>, { kind: "initiate_payout" }>;

/** The payout by a channel opened to the node: its QR code, or (with the right to change) the node's address typed. */
function ChannelSection({
  channel,
  offer,
  amountSats,
  renderedAt,
  refetch,
  nodePubkey,
  patch,
}: {
  channel: NonNullable<PayoutAction["channel"]>;
  offer: PreparedOffer | null;
  amountSats: number;
  renderedAt: number;
  refetch: () => void;
  nodePubkey: string | null;
  patch: (body: ExchangePayoutPatch) => Promise<unknown>;
}) {
  const t = useTranslations("payouts.panel");
  const f = useFormat();
  const canMutate = useCanMutate();
  return (
    <section className="flex flex-col gap-3">
      <h3 className="font-medium">{t("byChannel")}</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        {t("channelExplainer", { pushes: f.sats(amountSats - channel.fee_sats), fee: f.sats(channel.fee_sats) })}
      </p>
      {offer && (
        <LnurlQr
          offer={offer}
          kind="channel"
          expiresOn={channel.expires_on}
          renderedAt={renderedAt}
          onExpired={refetch}
          testId="channel-qr"
        />
      )}
      {canMutate && (
        <details>
          <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">{t("byAddress")}</summary>
          <div className="mt-3">
            <ChannelForm
              nodePubkey={nodePubkey}
              submit={(nodeAddress, privateChannel) =>
                patch({
                  payout: { type: "channel", ...(nodeAddress ? { node_address: nodeAddress } : {}), private: privateChannel },
                })
              }
            />
          </div>
        </details>
      )}
    </section>
  );
}

/**
 * The Lightning payout of an exchange that awaits one: LNURL QR codes, a pasted invoice, or a
 * channel. `offers` come prepared by the server; `nodePubkey` is the node the order proved.
 */
export function PayoutPanel({
  exchange,
  nodePubkey,
  offers,
  renderedAt,
}: {
  exchange: ExchangeView;
  nodePubkey: string | null;
  offers: { withdraw: PreparedOffer | null; channel: PreparedOffer | null };
  renderedAt: number;
}) {
  const t = useTranslations("payouts.panel");
  const f = useFormat();
  const locale = useLocale();
  const readOnlyHint = useReadOnlyHint();
  const canMutate = useCanMutate();
  const { network } = useShellUser();
  const { refetch, patch } = useExchangeUpdates(exchange.id);
  const { action } = exchange;
  if (action?.kind !== "initiate_payout") return null;
  const { invoice, channel } = action;
  const amountSats = exchange.amount === null ? 0 : btcToSats(exchange.amount);
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
            {offers.withdraw && (
              <LnurlQr
                offer={offers.withdraw}
                kind="withdraw"
                expiresOn={invoice.expires_on}
                renderedAt={renderedAt}
                onExpired={refetch}
                testId="withdraw-qr"
              />
            )}
            {canMutate ? (
              <InvoiceDisclosure
                summary={t("paste")}
                loading={t("loadingChecker")}
                locale={locale}
                network={network}
                expectedSats={amountSats - invoice.fee_sats}
                feeSats={invoice.fee_sats}
                nodePubkey={nodePubkey}
                submit={(text) => patch({ payout: { type: "invoice", invoice: text } })}
              />
            ) : (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{readOnlyHint}</p>
            )}
          </section>
        )}
        {channel && (
          <ChannelSection
            channel={channel}
            offer={offers.channel}
            amountSats={amountSats}
            renderedAt={renderedAt}
            refetch={refetch}
            nodePubkey={nodePubkey}
            patch={patch}
          />
        )}
      </div>
    </Card>
  );
}
