"use client";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/dashboard/client/api";
import { challengeSchema } from "@/lib/service-api/schemas";

// The new-order wizard's challenge: the one piece of the dashboard fetched through react-query
// (every other page is rendered on the server). Its answer is parsed with its contract schema.

export const queryKeys = {
  challenge: (generation: number) => ["challenge", generation] as const,
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
