import { getLocale, getTranslations } from "next-intl/server";
import { Logo } from "@/components/shell/logo";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { locales } from "@/i18n/config";
import type { PublicView } from "@/lib/dashboard/contract/dashboard-api";
import { PayLive } from "./pay-live";
import { PayQr } from "./pay-qr";
import { PayInvoice } from "./pay-invoice";
import { PayAddress, type PayAddressText } from "./pay-address";

export type PayoutPageState =
  | { kind: "view"; view: PublicView; serviceTime: Date | null; pageUrl: string }
  | { kind: "not_found" }
  | { kind: "revoked" }
  | { kind: "rate_limited" }
  | { kind: "error" };

const failureKeys = ["no_route", "invoice_expired", "error", "min_chan_size", "connect_error", "push_amt_rejected"] as const;
type FailureKey = (typeof failureKeys)[number];
const isFailureKey = (code: string | null | undefined): code is FailureKey => failureKeys.includes(code as FailureKey);

function Screen({ title, tone = "neutral", children }: { title: string; tone?: "neutral" | "good" | "bad"; children?: React.ReactNode }) {
  const color = tone === "good" ? "text-green-700 dark:text-green-400" : tone === "bad" ? "text-red-700 dark:text-red-400" : "";
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center" data-testid="pay-screen">
      <h1 className={`text-2xl font-semibold ${color}`}>{title}</h1>
      {children}
    </div>
  );
}

const body = "text-sm text-zinc-600 dark:text-zinc-300";
const primaryLink =
  "w-full rounded-md bg-orange-700 px-4 py-3 text-center font-medium text-white hover:bg-orange-800 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500";

/** The address form's words; its errors those of the address and of the service's invoice checks. */
async function addressText(sats: number): Promise<PayAddressText> {
  const [t, invoice] = await Promise.all([getTranslations("address"), getTranslations("invoice")]);
  const addressCodes = [
    "lightning_address_invalid",
    "lightning_address_not_found",
    "invoice_amount",
    "invalid_invoice",
    "unexpected_node_pubkey",
  ] as const;
  const serviceCodes = [
    "in_progress",
    "already_completed",
    "payout_not_available",
    "invoice_network",
    "invoice_expired",
    "offer_expired",
    "rate_limited",
    "not_found",
    "payout_link_revoked",
    "network_error",
  ] as const;
  return {
    summary: t("summary"),
    label: t("label"),
    hint: t("hint", { sats }),
    submit: t("submit"),
    sending: t("sending"),
    errors: {
      ...Object.fromEntries(serviceCodes.map((code) => [code, invoice(`errors.${code}`)])),
      ...Object.fromEntries(addressCodes.map((code) => [code, t(`errors.${code}`)])),
      lightning_address_amount: t("errors.lightning_address_amount", { detail: "{detail}" }),
      lightning_address_refused: t("errors.lightning_address_refused", { detail: "{detail}" }),
      lightning_address_unreachable: t("errors.lightning_address_unreachable"),
      generic: invoice("errors.generic", { code: "{code}" }),
    },
  };
}

async function Awaiting({ view, token, pageUrl, renderedAt }: { view: PublicView; token: string; pageUrl: string; renderedAt: number }) {
  const [t, locale] = await Promise.all([getTranslations("pay"), getLocale()]);
  const invoice = view.offers?.invoice;
  const channel = view.offers?.channel;
  const amount = view.amount_sats ?? 0;
  const fiat =
    view.fiat.amount === null
      ? "—"
      : new Intl.NumberFormat(locale, { style: "currency", currency: view.fiat.currency.toUpperCase() }).format(view.fiat.amount);
  const failure = view.payout?.failure_code;
  return (
    <div className="flex flex-col items-center gap-5">
      {!invoice && <h1 className="sr-only">{t("title")}</h1>}
      {view.status === "failed" && (
        <p role="alert" className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {isFailureKey(failure) ? t(`failures.${failure}`) : t("failures.other")}
        </p>
      )}
      {invoice && (
        <>
          <h1 className={`text-center ${body}`}>{t("scanToReceive")}</h1>
          <p className="text-3xl font-semibold tabular-nums" data-testid="receive-amount">
            {t("amount", { sats: amount - invoice.fee_sats })}
          </p>
          <p className={`-mt-4 ${body}`}>{t("forFiat", { fiat, fee: invoice.fee_sats })}</p>
          <PayQr
            lnurl={invoice.lnurl}
            kind="withdraw"
            expiresOn={invoice.expires_on}
            pageUrl={pageUrl}
            renderedAt={renderedAt}
            testId="pay-qr"
          />
          <a href={`lightning:${invoice.lnurl.toUpperCase()}`} className={primaryLink}>
            {t("openInWallet")}
          </a>
          <PayAddress token={token} text={await addressText(amount - invoice.fee_sats)} />
          <PayInvoice
            token={token}
            locale={locale as (typeof locales)[number]}
            network={view.network}
            expectedSats={amount - invoice.fee_sats}
            feeSats={invoice.fee_sats}
            summary={t("pasteInstead")}
            loading={(await getTranslations("invoice"))("loading")}
          />
        </>
      )}
      {channel && (
        <details className="w-full">
          <summary className="cursor-pointer text-sm text-orange-700 dark:text-orange-400">{t("moreOptions")}</summary>
          <div className="mt-3 flex flex-col items-center gap-3">
            <p className={`text-center ${body}`}>{t("channelExplainer", { sats: amount - channel.fee_sats, fee: channel.fee_sats })}</p>
            <PayQr
              lnurl={channel.lnurl}
              kind="channel"
              expiresOn={channel.expires_on}
              pageUrl={pageUrl}
              renderedAt={renderedAt}
              testId="pay-channel-qr"
            />
          </div>
        </details>
      )}
    </div>
  );
}

async function Content({ token, state }: { token: string; state: PayoutPageState }) {
  const t = await getTranslations("pay.states");
  if (state.kind === "not_found") {
    return (
      <Screen title={t("expiredTitle")}>
        <p className={body}>{t("expiredBody")}</p>
      </Screen>
    );
  }
  if (state.kind === "revoked") {
    return (
      <Screen title={t("revokedTitle")}>
        <p className={body}>{t("revokedBody")}</p>
      </Screen>
    );
  }
  if (state.kind === "rate_limited" || state.kind === "error") {
    return (
      <Screen title={state.kind === "rate_limited" ? t("rateLimitedTitle") : t("errorTitle")} tone="bad">
        <p className={body}>{state.kind === "rate_limited" ? t("rateLimitedBody") : t("errorBody")}</p>
        <a href={`/pay/${encodeURIComponent(token)}`} className="text-sm text-orange-700 underline dark:text-orange-400">
          {t("tryAgain")}
        </a>
      </Screen>
    );
  }
  const { view } = state;
  const amountSats = view.payout?.amount_sats;
  switch (view.status) {
    case "paid":
      return (
        <Screen title={t("paidTitle")} tone="good">
          {amountSats != null && (
            <p className="text-3xl font-semibold tabular-nums" data-testid="paid-amount">
              {(await getTranslations("pay"))("amount", { sats: amountSats })}
            </p>
          )}
          <p className={body}>{t("paidBody")}</p>
        </Screen>
      );
    case "paying":
      return (
        <Screen title={t("payingTitle")}>
          <div
            className="h-10 w-10 animate-spin rounded-full border-4 border-orange-200 border-t-orange-600 motion-reduce:animate-none"
            aria-hidden
          />
          <p className={body}>{t("payingBody")}</p>
        </Screen>
      );
    case "awaiting_payout":
    case "failed":
      return <Awaiting view={view} token={token} pageUrl={state.pageUrl} renderedAt={(state.serviceTime ?? new Date()).getTime()} />;
    default:
      return (
        <Screen title={t("expiredTitle")}>
          <p className={body}>{t("unavailableBody")}</p>
        </Screen>
      );
  }
}

/** The end user's payout page, rendered on the server in the user's language. */
export async function PayoutPage({ token, state }: { token: string; state: PayoutPageState }) {
  const t = await getTranslations("pay");
  const status = state.kind === "view" ? state.view.status : state.kind;
  const follow = state.kind === "view" && ["awaiting_payout", "failed", "paying"].includes(state.view.status);
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6">
      <header className="flex items-center gap-2 font-semibold">
        <Logo /> {t("header")}
      </header>
      <PayLive
        token={token}
        status={status}
        follow={follow}
        serviceTime={state.kind === "view" && state.serviceTime ? state.serviceTime.toISOString() : null}
      >
        <Content token={token} state={state} />
      </PayLive>
      <footer className="mt-auto border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <LanguageSwitcher offered={locales} returnTo={`/pay/${encodeURIComponent(token)}`} />
      </footer>
    </main>
  );
}
