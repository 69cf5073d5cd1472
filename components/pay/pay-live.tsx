"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useEventStream } from "@/lib/dashboard/client/use-event-stream";
import { setServiceTime } from "@/lib/dashboard/client/service-clock";

/**
 * The payout page's live part. The server renders the page; this follows the link's event
 * stream, which says only "changed", and renders the page again on each notice, on each
 * (re)connect, and every 4 s while the payout is open. It also sets this browser's estimate of the service's clock, for the countdowns.
 */
export function PayLive({
  token,
  status,
  follow,
  serviceTime,
  children,
}: {
  token: string;
  status: string;
  /** Whether there is anything left to follow (not for an expired or paid payout). */
  follow: boolean;
  serviceTime: string | null;
  children: React.ReactNode;
}) {
  const router = useRouter();
  useEffect(() => {
    if (serviceTime) setServiceTime(Date.parse(serviceTime));
  }, [serviceTime]);
  return (
    <div data-status={status} className="contents">
      {follow ? <Follow url={`/api/pay/${encodeURIComponent(token)}/events`} refresh={router.refresh} /> : null}
      {children}
    </div>
  );
}

/** How often an open payout is looked at: the wallet's LNURL callback moves it without a webhook. */
const POLL_MS = 4_000;

function Follow({ url, refresh }: { url: string; refresh: () => void }) {
  const live = useEventStream(url, { on: { update: () => refresh() }, onOpen: () => refresh() });
  useEffect(() => {
    const timer = setInterval(() => refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return <span hidden data-live={live === "connected"} data-testid="pay-live" />;
}
