"use client";
import { useSearchParams } from "next/navigation";

/**
 * List filters kept in the page's URL, so a filtered list can be shared and reloaded.
 *
 * The lists fetch their own data, so a filter change only rewrites the URL: `history.replaceState`,
 * which Next's router follows (`useSearchParams` re-renders), with no round trip to the server.
 * Each change starts from the address bar as it is now, not from the last render, so filters
 * changed in quick succession all stay.
 */
export function useUrlFilters(basePath: string, keys: readonly string[]) {
  const params = useSearchParams();
  const filters: Record<string, string> = Object.fromEntries(
    keys.flatMap((key) => (params.get(key) ? [[key, params.get(key) ?? ""]] : [])),
  );
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    const query = next.toString();
    window.history.replaceState(null, "", query ? `${basePath}?${query}` : basePath);
  };
  return { filters, setFilter };
}
