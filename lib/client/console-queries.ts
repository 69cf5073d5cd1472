"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/queries";
import { consoleExchangePageSchema, consoleTenantsSchema, consoleUsersSchema } from "@/lib/contract/console-api";
import { clientListSchema, clockSchema, deliveriesSchema, operatorExchangeSchema } from "@/lib/exchange/operator-contract";

// The browser's data for the simulator's test buttons and the operator console: one hook per
// resource, keys from the one factory, answers parsed with their contract schemas.

const query = (filters: Record<string, string>) => new URLSearchParams(filters).toString();

export function useConsoleTenants() {
  return useQuery({ queryKey: queryKeys.consoleList("tenants"), queryFn: () => apiFetch("/api/operator/tenants", consoleTenantsSchema) });
}

export function useConsoleUsers() {
  return useQuery({ queryKey: queryKeys.consoleList("users"), queryFn: () => apiFetch("/api/operator/users", consoleUsersSchema) });
}

export function useConsoleExchanges(filters: Record<string, string>) {
  const result = useInfiniteQuery({
    queryKey: queryKeys.consoleExchanges(filters),
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      apiFetch(
        `/api/operator/exchanges?${query({ ...filters, limit: "25", ...(pageParam ? { cursor: pageParam } : {}) })}`,
        consoleExchangePageSchema,
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = useMemo(() => result.data?.pages.flatMap((p) => p.data) ?? [], [result.data]);
  return { query: result, items };
}

/** The sandbox's deliveries: a delivery moves without a dashboard webhook (retries), so ask every 5 s too. */
export function useDeliveries(filters: Record<string, string>) {
  return useQuery({
    queryKey: queryKeys.deliveries(filters),
    queryFn: () => apiFetch(`/api/operator/sandbox/deliveries?${query({ limit: "50", ...filters })}`, deliveriesSchema),
    refetchInterval: 5_000,
  });
}

export function useSandboxClients() {
  return useQuery({
    queryKey: queryKeys.consoleList("clients"),
    queryFn: () => apiFetch("/api/operator/sandbox/clients", clientListSchema),
  });
}

export function useSandboxClock() {
  return useQuery({ queryKey: queryKeys.consoleList("clock"), queryFn: () => apiFetch("/api/operator/sandbox/clock", clockSchema) });
}

export function useSandboxExchange(id: string | null) {
  return useQuery({
    queryKey: queryKeys.sandboxExchange(id ?? ""),
    queryFn: () => apiFetch(`/api/operator/sandbox/exchanges/${id}`, operatorExchangeSchema),
    enabled: Boolean(id),
    retry: false,
  });
}
