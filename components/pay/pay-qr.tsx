import { getTranslations } from "next-intl/server";
import { LnurlQrCode } from "@/components/payouts/lnurl-qr-code";
import { CopyButton } from "@/components/ui/copy-button";
import { lud01Fallback, lud17Link } from "@/lib/lightning/lnurl";
import { OfferCountdown } from "./offer-countdown";

/** Whole minutes an offer can last, for the countdown's announcements. */
const MAX_ANNOUNCED_MINUTES = 60;

/**
 * An LNURL for the end user, drawn on the server: the QR code (LUD-01's fallback URL, this page
 * with `?lightning=LNURL…`, so that a camera app opens the page and a wallet reads the LNURL),
 * the LUD-17 link, the countdown, and the LNURL to copy.
 */
export async function PayQr({
  lnurl,
  kind,
  expiresOn,
  pageUrl,
  renderedAt,
  testId,
}: {
  lnurl: string;
  kind: "withdraw" | "channel";
  expiresOn: string;
  pageUrl: string;
  renderedAt: number;
  testId: string;
}) {
  const t = await getTranslations("pay.qr");
  const upper = lnurl.toUpperCase();
  const value = lud01Fallback(pageUrl, upper);
  const wholeMinutes = Math.min(MAX_ANNOUNCED_MINUTES, Math.max(0, Math.floor((Date.parse(expiresOn) - renderedAt) / 60_000)));
  const minutesLeft = Array.from({ length: wholeMinutes + 1 }, (_, minutes) => t("minutesLeft", { minutes }));
  return (
    <div className="flex flex-col items-center gap-3">
      <LnurlQrCode
        upper={upper}
        value={value}
        linkLabel={kind === "withdraw" ? t("withdrawLink") : t("channelLink")}
        alt={kind === "withdraw" ? t("withdrawAlt", { lnurl: upper }) : t("channelAlt", { lnurl: upper })}
        testId={testId}
      />
      <a
        href={lud17Link(upper, kind)}
        className="text-xs text-orange-700 underline underline-offset-2 dark:text-orange-400"
        data-testid={`${testId}-lud17`}
      >
        {kind === "withdraw" ? t("lud17Withdraw") : t("lud17Channel")}
      </a>
      <OfferCountdown
        until={expiresOn}
        renderedAt={renderedAt}
        valid={t("valid", { time: "{time}" })}
        renewing={t("renewing")}
        minutesLeft={minutesLeft}
      />
      <div className="flex w-full max-w-xs items-center gap-1 rounded bg-zinc-100 px-2 py-1 dark:bg-zinc-800">
        <code className="flex-1 truncate text-xs">{upper}</code>
        <CopyButton value={upper} label={t("copy")} copiedLabel={t("copied")} name={t("copyLabel")} />
      </div>
    </div>
  );
}
