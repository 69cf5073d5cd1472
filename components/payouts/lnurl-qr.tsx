"use client";
import { QRCodeSVG } from "qrcode.react";
import { CopyButton } from "@/components/ui/copy-button";
import { formatCountdown, useCountdown } from "./use-countdown";

/**
 * An LNURL as a QR code (upper case: the compact alphanumeric QR mode), a lightning: link for a
 * wallet on the same phone, the text to copy, and the offer's countdown. At expiry onExpired
 * fetches the exchange again, which renews the offer, and the QR is redrawn.
 */
export function LnurlQr({
  lnurl,
  expiresOn,
  onExpired,
  label,
  testId,
}: {
  lnurl: string;
  expiresOn: string;
  onExpired: () => void;
  label: string;
  testId: string;
}) {
  const seconds = useCountdown(expiresOn, onExpired);
  const upper = lnurl.toUpperCase();
  return (
    <div className="flex flex-col items-center gap-3">
      <a
        href={`lightning:${upper}`}
        className="rounded-lg bg-white p-3 focus-visible:outline-2 focus-visible:outline-orange-500"
        aria-label={`${label}: open in a Lightning wallet`}
      >
        <QRCodeSVG value={upper} size={220} level="M" marginSize={0} data-testid={testId} data-lnurl={upper} />
      </a>
      <p
        className={`text-sm tabular-nums ${seconds < 60 ? "text-red-600 dark:text-red-400" : "text-zinc-500"}`}
        role="timer"
        aria-live="off"
      >
        {seconds > 0 ? `Offer valid for ${formatCountdown(seconds)}` : "Getting a fresh offer…"}
      </p>
      <div className="flex w-full max-w-xs items-center gap-1 rounded bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
        <code className="flex-1 truncate text-xs">{upper}</code>
        <CopyButton value={upper} />
      </div>
    </div>
  );
}
