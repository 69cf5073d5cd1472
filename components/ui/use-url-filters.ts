"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api";

/** List filters kept in the page's URL, so a filtered list can be shared and reloaded. */
export function useUrlFilters(basePath: string, keys: readonly string[]) {
  const router = useRouter();
  const params = useSearchParams();
  const filters: Record<string, string> = Object.fromEntries(keys.flatMap((key) => (params.get(key) ? [[key, params.get(key) ?? ""]] : [])));
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    router.replace(`${basePath}?${next}`);
  };
  return { filters, setFilter };
}

type Page<T> = { data: T[]; next_cursor: string | null };

/** A newest-first list of the dashboard API, page by page with its cursors ("Load more"). */
export function useCursorList<S extends z.ZodType<Page<unknown>>>(queryKey: readonly unknown[], path: string, filters: Record<string, string>, schema: S) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: "",
    queryFn: ({ pageParam }) => apiFetch(`${path}?${new URLSearchParams({ ...filters, limit: "25", ...(pageParam ? { cursor: pageParam } : {}) })}`, schema),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const items = (query.data?.pages.flatMap((p) => p.data) ?? []) as z.output<S>["data"];
  return { query, items };
}
