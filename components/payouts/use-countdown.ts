"use client";
import { useEffect, useState } from "react";
import { serviceNow } from "@/lib/client/api";

/** Seconds until a moment of the service's clock, ticking each second; calls onExpired when it reaches zero. */
export function useCountdown(until: string | null | undefined, onExpired?: () => void) {
  const [now, setNow] = useState(() => serviceNow());
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
