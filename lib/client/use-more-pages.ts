"use client";
import { useState } from "react";
import type * as z from "zod/mini";
import { PAGE_SIZE } from "@/lib/pages/list-page";
import { apiFetch } from "./api";

export type Page<T> = { data: T[]; next_cursor: string | null };

/**
 * The rest of a newest-first list whose first page the server rendered: "Load more" asks the
 * dashboard API for the next page with the same filters and parses it with the contract's schema,
 * loaded only then (`schema` imports it), so a list costs its first screen nothing in script.
 *
 * A live refresh replaces the first page; rows loaded since are kept, without the ones the new
 * first page already shows. Other filters are another list: key the component by them.
 */
export function useMorePages<T extends { id: string }>(
  path: string,
  filters: Record<string, string>,
  first: Page<T>,
  schema: () => Promise<z.ZodMiniType<Page<T>>>,
) {
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const next = cursor === undefined ? first.next_cursor : cursor;
  const shown = new Set(first.data.map((item) => item.id));
  const items = [...first.data, ...more.filter((item) => !shown.has(item.id))];
  const loadMore = async () => {
    if (!next) return;
    setBusy(true);
    setError(null);
    try {
      const query = new URLSearchParams({ ...filters, limit: String(PAGE_SIZE), cursor: next });
      const page = await apiFetch(`${path}?${query}`, await schema());
      setMore((rows) => [...rows, ...page.data]);
      setCursor(page.next_cursor);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { items, hasMore: next !== null, loadMore, busy, error };
}
