"use client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/queries";
import { auditPageSchema, rejectionsSchema } from "@/lib/contract/dashboard-api";
import { webhookEventDetailSchema, webhookEventPageSchema, webhookHealthSchema } from "@/lib/contract/events-api";

// The browser's data for the received-webhooks page and the audit page.

const query = (filters: Record<string, string>) => new URLSearchParams(filters).toString();

export function useWebhookEvents(filters: Record<string, string>) {
  const result = useInfiniteQuery({
    queryKey: queryKeys.webhookEvents(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiFetch(
        `/api/webhook-events?${query({ ...filters, limit: "25", ...(pageParam ? { before: String(pageParam) } : {}) })}`,
        webhookEventPageSchema,
      ),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const items = useMemo(() => result.data?.pages.flatMap((p) => p.data) ?? [], [result.data]);
  return { query: result, items };
}

/** One received webhook's headers and raw body, fetched when the row is opened. */
export function useWebhookEvent(seq: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhookEvent(seq),
    queryFn: () => apiFetch(`/api/webhook-events/${seq}`, webhookEventDetailSchema),
    enabled,
    staleTime: Infinity,
  });
}

export function useWebhookHealth() {
  return useQuery({ queryKey: queryKeys.webhookHealth(), queryFn: () => apiFetch("/api/webhook-events/health", webhookHealthSchema) });
}

export function useRejections(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.rejections(), queryFn: () => apiFetch("/api/webhooks/rejections", rejectionsSchema), enabled });
}

export function useAudit(filters: Record<string, string>) {
  const result = useInfiniteQuery({
    queryKey: queryKeys.audit(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiFetch(`/api/audit?${query({ ...filters, limit: "50", ...(pageParam ? { before: String(pageParam) } : {}) })}`, auditPageSchema),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const items = useMemo(() => result.data?.pages.flatMap((p) => p.data) ?? [], [result.data]);
  return { query: result, items };
}
