"use client";
import { useMemo } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { apiFetch } from "@/lib/client/api";
import {
  exchangePageSchema,
  orderPageSchema,
  overviewSchema,
  publicViewSchema,
  storedEventsSchema,
  type PublicView,
} from "@/lib/contract/dashboard-api";
import { challengeSchema, exchangeSchema, orderSchema } from "@/lib/exchange/schemas";
import { toExchangeView } from "@/lib/exchanges/exchange-view";

// The browser's data: one hook per resource of the dashboard API, every key from the one
// factory below, every answer parsed with its contract schema (lib/contract/dashboard-api.ts).

export const queryKeys = {
  orderLists: () => ["orders"] as const,
  orders: (filters: Record<string, string>) => ["orders", filters] as const,
  order: (id: string) => ["order", id] as const,
  exchangeLists: () => ["exchanges"] as const,
  exchanges: (filters: Record<string, string>) => ["exchanges", filters] as const,
  exchange: (id: string) => ["exchange", id] as const,
  exchangeEvents: (id: string) => ["exchange-events", id] as const,
  overview: () => ["overview"] as const,
  challenge: (generation: number) => ["challenge", generation] as const,
  payout: (token: string) => ["pay", token] as const,
  simulatorSteps: (exchangeId: string) => ["simulator", exchangeId] as const,
  /** Received webhooks, their health card and rejections: one prefix, refreshed on each webhook notice. */
  received: () => ["received"] as const,
  webhookEvents: (filters: Record<string, string>) => ["received", "list", filters] as const,
  webhookEvent: (seq: number) => ["received", "event", seq] as const,
  webhookHealth: () => ["received", "health"] as const,
  rejections: () => ["received", "rejections"] as const,
  audit: (filters: Record<string, string>) => ["audit", filters] as const,
  /** A tenant's settings: one prefix, refreshed together after each change. */
  settings: () => ["settings"] as const,
  settingsPart: (part: "team" | "sign-ins" | "webhook-secret" | "credentials" | "agreements") => ["settings", part] as const,
  /** Everything of the operator console: one prefix, refreshed together on live notices. */
  console: () => ["console"] as const,
  consoleList: (kind: "tenants" | "users" | "clients" | "clock") => ["console", kind] as const,
  consoleExchanges: (filters: Record<string, string>) => ["console", "exchanges", filters] as const,
  deliveries: (filters: Record<string, string>) => ["console", "deliveries", filters] as const,
  sandboxExchange: (id: string) => ["console", "exchange", id] as const,
};

const query = (filters: Record<string, string>) => new URLSearchParams(filters).toString();

export function useOverview() {
  return useQuery({ queryKey: queryKeys.overview(), queryFn: () => apiFetch("/api/overview", overviewSchema) });
}

export function useOrder(id: string) {
  return useQuery({ queryKey: queryKeys.order(id), queryFn: () => apiFetch(`/api/orders/${id}`, orderSchema) });
}

/** Every exchange of one order (up to 100), for the order's page. */
export function useOrderExchanges(orderId: string, enabled: boolean) {
  const filters = { order_id: orderId, limit: "100" };
  return useQuery({
    queryKey: queryKeys.exchanges(filters),
    queryFn: () => apiFetch(`/api/exchanges?${query(filters)}`, exchangePageSchema),
    enabled,
  });
}

/**
 * An exchange and its view. A Lightning payout moves without webhooks too (an LNURL callback,
 * an offer expiring): while one is open the exchange is asked for every 5 s.
 */
export function useExchange(id: string) {
  const result = useQuery({
    queryKey: queryKeys.exchange(id),
    queryFn: () => apiFetch(`/api/exchanges/${id}`, exchangeSchema),
    refetchInterval: (q) => (q.state.data && toExchangeView(q.state.data).lightning_open ? 5_000 : false),
  });
  const view = useMemo(() => (result.data ? toExchangeView(result.data) : undefined), [result.data]);
  return { ...result, view };
}

export function useExchangeEvents(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.exchangeEvents(id),
    queryFn: () => apiFetch(`/api/exchanges/${id}/events`, storedEventsSchema),
    enabled,
  });
}

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

const OPEN_PAYOUT = new Set<PublicView["status"]>(["awaiting_payout", "paying", "failed"]);

/** The end user's payout page. The wallet's LNURL callback moves the payout without a webhook: look every 4 s while it is open. */
export function usePayoutView(token: string) {
  return useQuery({
    queryKey: queryKeys.payout(token),
    queryFn: () => apiFetch(`/api/pay/${token}`, publicViewSchema),
    refetchInterval: (q) => (q.state.data && OPEN_PAYOUT.has(q.state.data.status) ? 4_000 : false),
  });
}

type Page<T> = { data: T[]; next_cursor: string | null };

/** A newest-first list of the dashboard API, page by page with its cursors ("Load more"). */
function useCursorList<T>(kind: "orders" | "exchanges", filters: Record<string, string>, schema: z.ZodMiniType<Page<T>>) {
  const result = useInfiniteQuery({
    queryKey: kind === "orders" ? queryKeys.orders(filters) : queryKeys.exchanges(filters),
    initialPageParam: "",
    queryFn: ({ pageParam }) =>
      apiFetch(`/api/${kind}?${query({ ...filters, limit: "25", ...(pageParam ? { cursor: pageParam } : {}) })}`, schema),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = useMemo(() => result.data?.pages.flatMap((p) => p.data) ?? [], [result.data]);
  return { query: result, items };
}

export const useOrderList = (filters: Record<string, string>) => useCursorList("orders", filters, orderPageSchema);
export const useExchangeList = (filters: Record<string, string>) => useCursorList("exchanges", filters, exchangePageSchema);
