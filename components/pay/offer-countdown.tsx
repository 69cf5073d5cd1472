"use client";
import { useRouter } from "next/navigation";
import { formatCountdown, useCountdown } from "@/components/payouts/use-countdown";

/**
 * An offer's countdown on the service's clock. The digits tick each second but are not read out
 * (role timer, aria-live off); a polite live region says the minutes left once a minute. At zero
 * the page is rendered again, which fetches the renewed offer.
 */
export function OfferCountdown({
  until,
  renderedAt,
  valid,
  renewing,
  minutesLeft,
}: {
  until: string;
  /** The service's time at render, in ms. */
  renderedAt: number;
  /** "Offer valid for {time}", translated, with the placeholder left in. */
  valid: string;
  renewing: string;
  /** What to announce with n whole minutes left, n from 0. */
  minutesLeft: string[];
}) {
  const router = useRouter();
  const seconds = useCountdown(until, router.refresh, renderedAt);
  const [before, after = ""] = valid.split("{time}");
  const minutes = Math.floor(seconds / 60);
  return (
    <>
      <p
        className={`text-sm tabular-nums ${seconds < 60 ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-300"}`}
        role="timer"
        aria-live="off"
      >
        {seconds > 0 ? (
          <>
            {before}
            <span data-testid="offer-countdown">{formatCountdown(seconds)}</span>
            {after}
          </>
        ) : (
          renewing
        )}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="offer-announcement">
        {seconds > 0 ? (minutesLeft[Math.min(minutes, minutesLeft.length - 1)] ?? "") : renewing}
      </p>
    </>
  );
}
