"use client";
import { useTranslations } from "next-intl";
import { LnurlQrCode } from "./lnurl-qr-code";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { formatCountdown, useCountdown } from "./use-countdown";
import { lud01Fallback, lud17Link } from "@/lib/lightning/lnurl";

/**
 * An LNURL as a QR code, a lightning: link for a wallet on the same phone, the LUD-17 link
 * (lnurlw:// or lnurlc://) for wallets that register those schemes, the text to copy, and the
 * offer's countdown. At expiry onExpired fetches the exchange again, which renews the offer, and
 * the QR is redrawn.
 *
 * The QR carries the LNURL in upper case (the compact alphanumeric QR mode), or, with
 * `fallbackPage`, LUD-01's fallback URL: that page with `?lightning=LNURL…`, so that a phone's
 * camera app opens the page and a wallet reads the LNURL.
 */
export function LnurlQr({
  lnurl,
  kind,
  expiresOn,
  onExpired,
  label,
  testId,
  fallbackPage,
}: {
  lnurl: string;
  kind: "withdraw" | "channel";
  expiresOn: string;
  onExpired: () => void;
  label: string;
  testId: string;
  fallbackPage?: string;
}) {
  const t = useTranslations("payouts.qr");
  const seconds = useCountdown(expiresOn, onExpired);
  const upper = lnurl.toUpperCase();
  const value = fallbackPage ? lud01Fallback(fallbackPage, upper) : upper;
  const schemeLink = lud17Link(upper, kind);
  return (
    <div className="flex flex-col items-center gap-3">
      <LnurlQrCode upper={upper} value={value} linkLabel={t("open", { label })} alt={t("alt", { kind, lnurl: upper })} testId={testId} />
      <a
        href={schemeLink}
        className="text-xs text-orange-700 underline underline-offset-2 dark:text-orange-400"
        data-testid={`${testId}-lud17`}
      >
        {t("lud17", { kind })}
      </a>
      <p
        className={`text-sm tabular-nums ${seconds < 60 ? "text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
        role="timer"
        aria-live="off"
      >
        {seconds > 0 ? t("valid", { time: formatCountdown(seconds) }) : t("renewing")}
      </p>
      <div className="flex w-full max-w-xs items-center gap-1 rounded bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
        <code className="flex-1 truncate text-xs">{upper}</code>
        <CopyValueButton value={upper} />
      </div>
    </div>
  );
}
