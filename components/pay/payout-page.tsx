"use client";
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Logo } from "@/components/shell/logo";
import { InvoiceForm } from "@/components/payouts/invoice-form";
import { LnurlQr } from "@/components/payouts/lnurl-qr";
import { ApiClientError, apiFetch } from "@/lib/client/api";
import { queryKeys, usePayoutView } from "@/lib/client/queries";
import { QueryProvider } from "@/lib/client/query-provider";
import { useEventStream } from "@/lib/client/use-live-events";
import { formatFiat, formatSats } from "@/lib/client/format";
import { publicViewSchema, type PublicView } from "@/lib/contract/dashboard-api";

const failures: Record<string, string> = {
  no_route: "Your wallet could not be reached over the Lightning network. Try another wallet, or try again in a few minutes.",
  invoice_expired: "The invoice expired before it was paid. Scan the code again.",
  error: "Something went wrong while paying. Scan the code again.",
  min_chan_size: "Your node refuses a channel this small: use the invoice option.",
  connect_error: "Your node could not be reached: check it is online, then try again.",
  push_amt_rejected: "Your node refuses channel payouts: use the invoice option.",
};

function Screen({ title, children, tone = "neutral" }: { title: string; children?: React.ReactNode; tone?: "neutral" | "good" | "bad" }) {
  const color = tone === "good" ? "text-green-700 dark:text-green-400" : tone === "bad" ? "text-red-700 dark:text-red-400" : "";
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="pay-screen">
      <h1 className={`text-2xl font-semibold ${color}`}>{title}</h1>
      {children}
    </div>
  );
}

function Awaiting({ view, token, refresh }: { view: PublicView; token: string; refresh: () => void }) {
  const queryClient = useQueryClient();
  const invoice = view.offers?.invoice;
  const channel = view.offers?.channel;
  const amount = view.amount_sats ?? 0;
  // this page, which the QR codes carry (LUD-01 fallback); rendered in the browser only, once loaded
  const pageUrl = typeof window === "undefined" ? undefined : `${window.location.origin}/pay/${encodeURIComponent(token)}`;
  return (
    <div className="flex flex-col items-center gap-5">
      {view.status === "failed" && (
        <p role="alert" className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {failures[view.payout?.failure_code ?? ""] ?? "The last attempt failed. Try again."}
        </p>
      )}
      {invoice && (
        <>
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-300">Scan with your Lightning wallet to receive</p>
          <p className="text-3xl font-semibold tabular-nums" data-testid="receive-amount">
            {formatSats(amount - invoice.fee_sats)}
          </p>
          <p className="-mt-4 text-sm text-zinc-500 dark:text-zinc-400">
            for {formatFiat(view.fiat.amount, view.fiat.currency)} · {formatSats(invoice.fee_sats)} network fee
          </p>
          <LnurlQr
            lnurl={invoice.lnurl}
            kind="withdraw"
            expiresOn={invoice.expires_on}
            onExpired={refresh}
            label="Receive"
            testId="pay-qr"
            fallbackPage={pageUrl}
          />
          <a
            href={`lightning:${invoice.lnurl.toUpperCase()}`}
            className="w-full rounded-md bg-orange-700 px-4 py-3 text-center font-medium text-white hover:bg-orange-800"
          >
            Open in a wallet on this phone
          </a>
          <details className="w-full">
            <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">Paste an invoice instead</summary>
            <div className="mt-3">
              <InvoiceForm
                network={view.network}
                expectedSats={amount - invoice.fee_sats}
                submit={async (text) => {
                  const next = await apiFetch(`/api/pay/${token}/invoice`, publicViewSchema, { method: "POST", body: { invoice: text } });
                  queryClient.setQueryData(queryKeys.payout(token), next);
                }}
              />
            </div>
          </details>
        </>
      )}
      {channel && (
        <details className="w-full">
          <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">
            More options: receive through a new channel
          </summary>
          <div className="mt-3 flex flex-col items-center gap-3">
            <p className="text-center text-sm text-zinc-600 dark:text-zinc-300">
              For wallets without receiving capacity: a channel to you opens with {formatSats(amount - channel.fee_sats)} on your side (
              {formatSats(channel.fee_sats)} on-chain fee).
            </p>
            <LnurlQr
              lnurl={channel.lnurl}
              kind="channel"
              fallbackPage={pageUrl}
              expiresOn={channel.expires_on}
              onExpired={refresh}
              label="Receive through a channel"
              testId="pay-channel-qr"
            />
          </div>
        </details>
      )}
    </div>
  );
}

function PayoutView({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const query = usePayoutView(token);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.payout(token) }), [queryClient, token]);
  // the stream says only "changed": ask again on each notice and on each (re)connect
  const live = useEventStream(`/api/pay/${token}/events`, { on: { update: refresh }, onOpen: refresh }) === "connected";
  if (query.isPending) return <Screen title="Loading your payout…" />;
  if (query.isError) {
    return query.error instanceof ApiClientError && query.error.status === 404 ? (
      <Screen title="This payout link has expired">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Ask the company that sent it for a new one.</p>
      </Screen>
    ) : (
      <Screen title="The payout cannot be loaded" tone="bad">
        <button type="button" onClick={refresh} className="underline">
          Try again
        </button>
      </Screen>
    );
  }
  const view = query.data;
  const body =
    view.status === "paid" ? (
      <Screen title="Paid" tone="good">
        {view.payout?.amount_sats != null && (
          <p className="text-3xl font-semibold tabular-nums" data-testid="paid-amount">
            {formatSats(view.payout.amount_sats)}
          </p>
        )}
        <p className="text-sm text-zinc-600 dark:text-zinc-300">The bitcoin is in your wallet. You can close this page.</p>
      </Screen>
    ) : view.status === "paying" ? (
      <Screen title="Paying…">
        <div className="h-10 w-10 animate-spin rounded-full border-4 border-orange-200 border-t-orange-600" aria-hidden />
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Your wallet has asked for the payout. This page updates when it arrives.</p>
      </Screen>
    ) : view.status === "awaiting_payout" || view.status === "failed" ? (
      <Awaiting view={view} token={token} refresh={refresh} />
    ) : (
      <Screen title="This payout link has expired">
        <p className="text-sm text-zinc-600 dark:text-zinc-300">The payout is no longer available here. Ask the company that sent it.</p>
      </Screen>
    );
  return (
    <div data-status={view.status} data-live={live}>
      {body}
    </div>
  );
}

export function PayoutPage({ token }: { token: string }) {
  return (
    <QueryProvider staleTime={2_000}>
      <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
        <header className="flex items-center gap-2 font-semibold">
          <Logo /> Bitcoin payout
        </header>
        <PayoutView token={token} />
      </main>
    </QueryProvider>
  );
}
