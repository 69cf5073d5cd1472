"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { challengeSchema } from "@/lib/exchange/schemas";

// The query keys of the pages that fetch in the browser (the new-order wizard and the operator
// console; the other dashboard pages are rendered on the server), all from the one factory below,
// and the wizard's challenge. Every answer is parsed with its contract schema.

export const queryKeys = {
  challenge: (generation: number) => ["challenge", generation] as const,
  /** Everything of the operator console: one prefix, refreshed together on live notices. */
  console: () => ["console"] as const,
  consoleList: (kind: "tenants" | "users" | "clients" | "clock") => ["console", kind] as const,
  consoleExchanges: (filters: Record<string, string>) => ["console", "exchanges", filters] as const,
  deliveries: (filters: Record<string, string>) => ["console", "deliveries", filters] as const,
  sandboxExchange: (id: string) => ["console", "exchange", id] as const,
};

/** A challenge from the service; a new generation asks for a new one. */
export function useChallengeQuery(generation: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.challenge(generation),
    queryFn: () => apiFetch("/api/challenges", challengeSchema, { method: "POST", body: {} }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
