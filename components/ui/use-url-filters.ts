"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { useRef, useState, useTransition } from "react";

const pick = (params: URLSearchParams, keys: readonly string[]): Record<string, string> =>
  Object.fromEntries(keys.flatMap((key) => (params.get(key) ? [[key, params.get(key) ?? ""]] : [])));

/**
 * List filters kept in the page's URL, so a filtered list can be shared and reloaded.
 *
 * A list that fetches its own data (`server: false`) only rewrites the address with
 * `history.replaceState`, which Next's router follows, with no round trip. A list rendered on the
 * server from its address (`server: true`) navigates to the new address; until the server has
 * answered (`pending`), the controls show what was chosen. Either way each change starts from the
 * last one asked for, not from the last render, so filters changed in quick succession on a slow
 * connection all stay.
 */
export function useUrlFilters(basePath: string, keys: readonly string[], { server = false } = {}) {
  const params = useSearchParams();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const wanted = useRef<string | null>(null);
  const [chosen, setChosen] = useState<Record<string, string> | null>(null);
  /** Several parameters at once (a date range's preset and days): one change of address. */
  const setFilters = (changes: Record<string, string>) => {
    // while a change is on its way the address is not yet its; once answered, the address is the truth
    const next = new URLSearchParams(pending && wanted.current !== null ? wanted.current : window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    const url = query ? `${basePath}?${query}` : basePath;
    if (!server) return window.history.replaceState(null, "", url);
    wanted.current = query;
    setChosen(pick(next, keys));
    startTransition(() => router.replace(url, { scroll: false }));
  };
  const setFilter = (key: string, value: string) => setFilters({ [key]: value });
  return { filters: (pending && chosen) || pick(params, keys), setFilter, setFilters, pending };
}
