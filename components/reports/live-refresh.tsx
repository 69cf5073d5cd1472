"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/queries";

/**
 * Re-renders a server-rendered page when the live stream says an exchange changed: the shell's
 * stream invalidates this tick (no request of its own), and each new tick refreshes the route.
 */
export function LiveRefresh() {
  const router = useRouter();
  const tick = useQuery({ queryKey: queryKeys.serverPages(), queryFn: () => Date.now(), staleTime: Infinity });
  const first = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (tick.data === undefined) return;
    if (first.current === undefined) first.current = tick.data;
    else if (tick.data !== first.current) router.refresh();
  }, [tick.data, router]);
  return null;
}
