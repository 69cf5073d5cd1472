"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { LiveRefresh } from "@/components/shell/live-refresh";
import type { LiveSignal } from "@/lib/dashboard/client/live-notices";
import { setServiceTime } from "@/lib/dashboard/client/service-clock";

/**
 * Keeps a server-rendered exchange page current: re-rendered on the live stream's notices about
 * this exchange, and every 5 s while a Lightning payout is open, since an LNURL callback or an
 * offer expiring moves it without a webhook. `renderedAt`, the service's time of the render,
 * sets the browser's estimate of the service's clock, on which offers expire.
 */
export function ExchangeLive({ id, lightningOpen, renderedAt }: { id: string; lightningOpen: boolean; renderedAt: number }) {
  const router = useRouter();
  useEffect(() => setServiceTime(renderedAt), [renderedAt]);
  useEffect(() => {
    if (!lightningOpen) return;
    const timer = setInterval(() => router.refresh(), 5_000);
    return () => clearInterval(timer);
  }, [lightningOpen, router]);
  const about = (signal: LiveSignal) =>
    signal.kind === "reconnected" || signal.kind === "refused" || ("exchange_id" in signal && signal.exchange_id === id);
  return <LiveRefresh when={about} />;
}
