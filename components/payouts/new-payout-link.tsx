"use client";
import { lazy, Suspense } from "react";
import { useTranslations } from "next-intl";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { useFormat } from "@/lib/dashboard/client/use-format";
import type { PayoutLink } from "@/lib/dashboard/contract/dashboard-api";

// the link's QR code is drawn once a link exists: its encoder loads then, not with the page
const QRCodeSVG = lazy(() => import("qrcode.react").then((m) => ({ default: m.QRCodeSVG })));

/** A link just made: its address and QR code, shown this once (only the token's hash is kept). */
export function NewPayoutLink({ link }: { link: PayoutLink }) {
  const t = useTranslations("payouts.link");
  const f = useFormat();
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row" data-new-link={link.id}>
      <div className="rounded bg-white p-2">
        <Suspense fallback={<div className="h-32 w-32" />}>
          <QRCodeSVG value={link.url} size={128} marginSize={0} title={t("qr")} />
        </Suspense>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center gap-1">
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="font-mono text-xs inline-block max-w-full wrap-id text-orange-700 underline dark:text-orange-400"
            data-testid="payout-link"
          >
            {link.url}
          </a>
          <CopyValueButton value={link.url} />
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("validUntil", { time: f.dateTime(link.expires_on) })}</p>
      </div>
    </div>
  );
}
