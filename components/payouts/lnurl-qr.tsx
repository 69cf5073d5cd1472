"use client";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { formatCountdown, useCountdown } from "./use-countdown";

/** An LNURL offer as the server prepared it: the QR code drawn (LnurlQrCode) and the LUD-17 link decoded. */
export type PreparedOffer = { upper: string; code: ReactNode; lud17: string };

/**
 * An LNURL as a QR code, a lightning: link for a wallet on the same phone, the LUD-17 link
 * (lnurlw:// or lnurlc://) for wallets that register those schemes, the text to copy, and the
 * offer's countdown. At expiry onExpired asks the service again, which renews the offer, and the
 * page is drawn again with the new QR code. The code and the LUD-17 link come drawn and decoded
 * from the server, so the browser carries neither a QR encoder nor bech32.
 */
export function LnurlQr({
  offer,
  kind,
  expiresOn,
  renderedAt,
  onExpired,
  testId,
}: {
  offer: PreparedOffer;
  kind: "withdraw" | "channel";
  expiresOn: string;
  /** The service's time of the render that drew the offer. */
  renderedAt: number;
  onExpired: () => void;
  testId: string;
}) {
  const t = useTranslations("payouts.qr");
  const seconds = useCountdown(expiresOn, onExpired, renderedAt);
  const { upper } = offer;
  return (
    <div className="flex flex-col items-center gap-3">
      {offer.code}
      <a
        href={offer.lud17}
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
