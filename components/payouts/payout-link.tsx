"use client";
import { lazy, Suspense, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyValueButton } from "@/components/ui/copy-value-button";
import { ApiClientError, apiFetch } from "@/lib/dashboard/client/api";
import { useErrorMessage } from "@/lib/dashboard/client/messages";
import { useFormat } from "@/lib/dashboard/client/use-format";
import { payoutLinkRevocationSchema, payoutLinkSchema, type PayoutLink as PayoutLinkBody } from "@/lib/dashboard/contract/dashboard-api";

// the link's QR code is drawn once a link exists: its encoder loads then, not with the page
const QRCodeSVG = lazy(() => import("qrcode.react").then((m) => ({ default: m.QRCodeSVG })));

/** A public payout page for the end user: created here, handed over as link or QR code, revocable. */
export function PayoutLink({ exchangeId }: { exchangeId: string }) {
  const t = useTranslations("payouts.link");
  const f = useFormat();
  const messageFor = useErrorMessage();
  const [link, setLink] = useState<PayoutLinkBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(messageFor(e instanceof ApiClientError ? e.code : "unexpected_response"));
    }
  };
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>{t("intro")}</p>
      {link ? (
        <div className="flex flex-col items-start gap-3 sm:flex-row">
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
                className="font-mono text-xs wrap-anywhere text-orange-700 underline dark:text-orange-400"
                data-testid="payout-link"
              >
                {link.url}
              </a>
              <CopyValueButton value={link.url} />
            </div>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("validUntil", { time: f.dateTime(link.expires_on) })}</p>
            <Button
              variant="danger"
              size="sm"
              onClick={() =>
                run(async () => {
                  await apiFetch(`/api/exchanges/${exchangeId}/payout-link`, payoutLinkRevocationSchema, { method: "DELETE" });
                  setLink(null);
                })
              }
            >
              {t("revoke")}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          onClick={() =>
            run(async () =>
              setLink(await apiFetch(`/api/exchanges/${exchangeId}/payout-link`, payoutLinkSchema, { method: "POST", body: {} })),
            )
          }
        >
          {t("create")}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
