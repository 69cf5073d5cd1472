"use client";
import { useState } from "react";
import type * as z from "zod/mini";
import { PAGE_SIZE } from "@/lib/dashboard/pages/list-page";
import { apiFetch } from "./api";

/** How a list of the dashboard API pages: its cursor parameter, where a page says the next one, each row's key. */
export type Paging<T, P> = {
  param: "cursor" | "before" | "after";
  next: (page: P) => string | number | null;
  key: (item: T) => string | number;
  limit?: number;
};

/** Orders and exchanges: `?cursor=` and `next_cursor`, rows by id. */
export const byCursor: Paging<{ id: string }, { next_cursor: string | null }> = {
  param: "cursor",
  next: (page) => page.next_cursor,
  key: (item) => item.id,
};

/**
 * The rest of a newest-first list whose first page the server rendered: "Load more" asks the
 * dashboard API for the next page with the same filters and parses it with the contract's schema,
 * loaded only then (`schema` imports it), so a list costs its first screen nothing in script.
 *
 * A live refresh replaces the first page. Once more was loaded, the rows the old first page showed
 * and the new one pushed out are kept, between it and the rows loaded since, so nothing shown
 * goes missing and nothing is shown twice. Other `filters` are another list, from its first page.
 */
export function useMorePages<P extends { data: unknown[] }>(
  path: string,
  filters: Record<string, string>,
  first: P,
  schema: () => Promise<z.ZodMiniType<NoInfer<P>>>,
  paging: NoInfer<Paging<P["data"][number], P>>,
) {
  type T = P["data"][number];
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | number | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [shownFirst, setShownFirst] = useState(first);
  const filtersKey = new URLSearchParams(filters).toString();
  const [shownFilters, setShownFilters] = useState(filtersKey);
  if (shownFilters !== filtersKey) {
    // other filters: another list, from its first page
    setShownFilters(filtersKey);
    setShownFirst(first);
    setMore([]);
    setCursor(undefined);
  } else if (shownFirst !== first) {
    setShownFirst(first);
    if (cursor !== undefined) {
      const kept = new Set(first.data.map(paging.key));
      setMore((rows) => [...shownFirst.data.filter((item) => !kept.has(paging.key(item))), ...rows]);
    }
  }
  const next = cursor === undefined ? paging.next(first) : cursor;
  const shown = new Set(first.data.map(paging.key));
  const items: T[] = [...first.data, ...more.filter((item) => !shown.has(paging.key(item)))];
  const loadMore = async () => {
    if (next === null) return;
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams({ ...filters, limit: String(paging.limit ?? PAGE_SIZE), [paging.param]: String(next) });
      const page = await apiFetch(`${path}?${query}`, await schema());
      setMore((rows) => [...rows, ...page.data]);
      setCursor(paging.next(page));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { items, hasMore: next !== null, loadMore, busy, error };
}
