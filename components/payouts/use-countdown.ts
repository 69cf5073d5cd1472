"use client";
import { useEffect, useState } from "react";
import { serviceNow } from "@/lib/dashboard/client/service-clock";

/**
 * Seconds until a moment of the service's clock, ticking each second; calls onExpired when it
 * reaches zero. `renderedAt` (the service's time when the server rendered the page) makes the
 * first render the same on the server and in the browser.
 */
export function useCountdown(until: string | null | undefined, onExpired?: () => void, renderedAt?: number) {
  const [now, setNow] = useState(() => renderedAt ?? serviceNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serviceNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = until ? Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000)) : 0;
  useEffect(() => {
    if (until && seconds === 0) onExpired?.();
  }, [until, seconds, onExpired]);
  return seconds;
}

export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
